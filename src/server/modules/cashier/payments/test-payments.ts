import { sql } from 'drizzle-orm';
import { MSG, STATUS } from '../../../../shared/messages.ts';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import { ApiError } from '../../../http/api-error.ts';
import { memberCards } from '../../accounts/members.service.ts';
import type { SiteSettings } from '../../sites/sites.schema.ts';
import { findSite } from '../../sites/sites-admin.service.ts';

/**
 * Test payments: a provider marked `testOnly` (the built-in sandbox) moves no real money, so on a
 * production server (NODE_ENV=production) it may credit a member only on a site whose operator has
 * switched test payments on explicitly. Elsewhere (development, demo, tests) it always may.
 */
export interface PaymentMode {
  production: boolean;
}

export function testPaymentsAllowed(mode: PaymentMode, settings: SiteSettings | undefined): boolean {
  return !mode.production || settings?.testPayments === true;
}

/** Whether the site a payment session belongs to (through its deposit request's member) allows test payments. */
export async function sessionAllowsTestPayments(
  db: DbOrTx,
  mode: PaymentMode,
  sessionId: string,
): Promise<boolean> {
  if (!mode.production) return true;
  const [row] = await queryRows<{ member_id: number }>(
    db,
    sql`select r.member_id from payment_sessions p join cash_requests r on r.id = p.cash_request_id
        where p.id = ${sessionId}`,
  );
  // The member's site, asked of the accounts and sites modules.
  const member = row
    ? (await memberCards(db, [Number(row.member_id)])).get(Number(row.member_id))
    : undefined;
  const site = member ? await findSite(db, member.siteId) : undefined;
  return testPaymentsAllowed(mode, site?.settings);
}

/** The plain answer of a production site whose only payment provider is a test one that is switched off. */
export const noRealProvider = () =>
  new ApiError(
    409,
    STATUS.closed,
    MSG.paymentsUnavailable,
    'online payment is not available on this site: only the test provider is installed and test payments are off',
  );
