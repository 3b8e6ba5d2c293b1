import type { CashRequestStatus } from '../../../shared/vocabulary.ts';
import { BY_EXPIRY, BY_MEMBER } from './deciders.ts';
import type { PaymentOptionRow } from './payments/payment-options-admin.service.ts';

/** Rows of the cashier's tables as replies: field by field, dates as ISO strings. */

/** Who closed a request unpaid, in the member's terms (the stored decider is a name or a system tag). */
function cancelledBy(status: CashRequestStatus, decidedBy: string | null) {
  if (status !== 'cansel') return null;
  if (decidedBy === BY_MEMBER) return 'member' as const;
  if (decidedBy === BY_EXPIRY) return 'expiry' as const;
  if (decidedBy?.startsWith('psp:')) return 'provider' as const;
  return 'operator' as const;
}

/**
 * A member's own deposit or withdrawal request, as their history lists it. The reason is shown only
 * when it is an operator's refusal (a provider's reason is for the books). A deposit reversed by its
 * provider stays `already` (the status words are the SPEC's) with `reversal` beside it.
 */
export const cashRequestView = (r: {
  id: number;
  amount: number;
  status: CashRequestStatus;
  reason: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  reversedAt: Date | null;
  reversedAmount: number | null;
  owedNow: string | number | null;
}) => {
  const by = cancelledBy(r.status, r.decidedBy);
  return {
    id: r.id,
    amount: r.amount,
    status: r.status,
    reason: by === 'operator' ? r.reason : null,
    cancelledBy: by,
    resumable: r.status === 'reg',
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    reversal:
      r.reversedAt && r.reversedAmount !== null
        ? { at: r.reversedAt.toISOString(), amount: r.reversedAmount, owed: Number(r.owedNow ?? 0) }
        : null,
  };
};

/** A payment option as the back office's settings screen shows it. */
export const paymentOptionView = (o: PaymentOptionRow) => ({
  id: o.id,
  siteId: o.siteId,
  direction: o.direction,
  kind: o.kind,
  provider: o.provider,
  name: o.name,
  minAmount: o.minAmount,
  maxAmount: o.maxAmount,
  enabled: o.enabled,
  sortOrder: o.sortOrder,
});
