import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, isRoot, type Tx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { auditLog, type OperatorRole, operators } from './backoffice.schema.ts';

export interface AuditEntry {
  operatorId: number | null;
  operatorLogin: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | undefined;
  /**
   * The role the operator was signed in with when the request passed the sign-in check: the change
   * commits only if it is still theirs and they are still enabled (not stored, not hashed).
   */
  operatorRole?: OperatorRole;
}

const GENESIS = '0'.repeat(64);
/** Any fixed number: appends take turns on it so the chain stays a single line. */
const AUDIT_LOCK = 727_002;

/** JSON with sorted keys, so the same entry always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function hashOf(prevHash: string, row: { at: Date } & AuditEntry): string {
  const content = canonical({
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    operatorLogin: row.operatorLogin,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip ?? null,
  });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/** The value as jsonb will give it back (dates as strings, no undefined keys), so its hash verifies later. */
const asStored = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

/**
 * Appends an entry in the caller's transaction, chained to the last one. Given the root handle it
 * takes a transaction of its own: the lock would end with its own statement, and two appends at once
 * (operators logging in together) read the same last entry and forked the chain.
 */
export async function appendAudit(handle: DbOrTx, given: AuditEntry): Promise<void> {
  if (isRoot(handle)) return handle.transaction((tx) => appendInTransaction(tx, given));
  return appendInTransaction(handle as Tx, given);
}

/**
 * Refuses an operator's change whose operator lost the role it was signed in with, or was disabled,
 * while the request ran: it had passed the sign-in check, and a credit or a role change was written
 * after the owner who sent it had been demoted or disabled. The row is held (for share) until the
 * change commits, so a demotion waits for it or it sees the demotion.
 */
async function stillSignedInAs(tx: Tx, operatorId: number, role: OperatorRole): Promise<void> {
  const [now] = await tx
    .select({ role: operators.role, disabledAt: operators.disabledAt })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .for('share');
  if (!now || now.disabledAt !== null || now.role !== role)
    throw errors.forbidden('your role or access changed while the request ran');
}

async function appendInTransaction(tx: Tx, given: AuditEntry): Promise<void> {
  const { operatorRole, ...rest } = given;
  if (operatorRole !== undefined && rest.operatorId !== null)
    await stillSignedInAs(tx, rest.operatorId, operatorRole);
  const entry = { ...rest, before: asStored(rest.before), after: asStored(rest.after) };
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = last?.hash ?? GENESIS;
  const at = new Date();
  await tx.insert(auditLog).values({
    ...entry,
    ip: entry.ip ?? null,
    at,
    prevHash,
    hash: hashOf(prevHash, { ...entry, at }),
  });
}

/** Recomputes the chain: the first entry whose content or link does not match, if any. */
export async function verifyAuditChain(
  db: DbOrTx,
): Promise<{ ok: boolean; entries: number; brokenAt?: number }> {
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  let prevHash = GENESIS;
  for (const row of rows) {
    // hashOf reads the entry's own fields only, not the row's id and hashes.
    const expected = hashOf(prevHash, { ...row, ip: row.ip ?? undefined });
    if (row.prevHash !== prevHash || row.hash !== expected)
      return { ok: false, entries: rows.length, brokenAt: row.id };
    prevHash = row.hash;
  }
  return { ok: true, entries: rows.length };
}
