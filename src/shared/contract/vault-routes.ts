import { z } from 'zod';
import { amountField, requestCodeField } from './fields.ts';
import { noFields, ok } from './route-parts.ts';

const balances = ok.extend({
  /** Spendable cash. */
  balance: z.number(),
  /** Cash set aside in the vault: not playable, not withdrawable until moved back. */
  vault: z.number(),
});
/** `code` makes a repeat apply once (the page sends a timestamp); without one every call is a new move. */
const move = z.object({ amount: amountField, code: requestCodeField.optional() });

/** The member's vault (my page; the older front ends' money_to_point / point_to_money). */
export const vaultRoutes = {
  'get-vault': { auth: 'member', request: noFields, response: balances },
  /**
   * Refused with `debt` (msg3041, `owed`) while the member owes a debt left by a settlement correction or a
   * chargeback, and
   * with `already` (msg3610, `bonusId`) while a cash-first bonus runs (its cash is staked before the bonus).
   */
  'vault-deposit': { auth: 'member', request: move, response: balances },
  'vault-withdraw': { auth: 'member', request: move, response: balances },
} as const;
