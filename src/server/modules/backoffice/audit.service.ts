import { createHash } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import { type DbOrTx, isRoot, type Tx } from '../../db/client.ts';
import { auditLog } from './backoffice.schema.ts';

export interface AuditEntry {
  operatorId: number | null;
  operatorLogin: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | undefined;
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

async function appendInTransaction(tx: Tx, given: AuditEntry): Promise<void> {
  const entry = { ...given, before: asStored(given.before), after: asStored(given.after) };
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
