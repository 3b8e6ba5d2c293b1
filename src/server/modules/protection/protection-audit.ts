import type { DbOrTx } from '../../db/client.ts';
import { memberCards } from '../accounts/members.service.ts';
import { appendAudit } from '../backoffice/audit.service.ts';

/** A protection event in the audit log (`protection.<action>`): the member is the actor. */
export async function auditProtection(
  tx: DbOrTx,
  memberId: number,
  action: string,
  after: unknown,
  ip?: string,
) {
  const member = (await memberCards(tx, [memberId])).get(memberId);
  await appendAudit(tx, {
    operatorId: null,
    operatorLogin: `member:${member?.loginId ?? memberId}`,
    action: `protection.${action}`,
    target: `member:${memberId}`,
    after,
    ip,
  });
}
