import type { DbOrTx } from '../../db/client.ts';
import { appendAudit } from '../backoffice/audit.service.ts';

/**
 * A bonus event in the hash-chained audit log (`promotions.bonus.<action>`): grant, conversion,
 * forfeiture, expiry. `by` names who caused it: `member:<id>`, the operator who approved the deposit,
 * or `system:expiry`.
 */
export async function auditBonus(
  tx: DbOrTx,
  memberId: number,
  action: 'grant' | 'convert' | 'forfeit' | 'expire',
  by: string,
  after: Record<string, unknown>,
) {
  await appendAudit(tx, {
    operatorId: null,
    operatorLogin: by,
    action: `promotions.bonus.${action}`,
    target: `member:${memberId}`,
    after,
  });
}
