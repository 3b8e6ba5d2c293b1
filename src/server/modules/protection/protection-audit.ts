import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../accounts/accounts.schema.ts';
import { appendAudit } from '../backoffice/audit.service.ts';

/** A protection event in the audit log (`protection.<action>`): the member is the actor. */
export async function auditProtection(
  tx: DbOrTx,
  memberId: number,
  action: string,
  after: unknown,
  ip?: string,
) {
  const [member] = await tx
    .select({ loginId: members.loginId })
    .from(members)
    .where(eq(members.id, memberId));
  await appendAudit(tx, {
    operatorId: null,
    operatorLogin: `member:${member?.loginId ?? memberId}`,
    action: `protection.${action}`,
    target: `member:${memberId}`,
    after,
    ip,
  });
}
