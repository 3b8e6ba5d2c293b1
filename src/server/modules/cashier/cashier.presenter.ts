import type { CashRequestStatus } from '../../../shared/vocabulary.ts';
import type { PaymentOptionRow } from './payments/payment-options-admin.service.ts';

/** Rows of the cashier's tables as replies: field by field, dates as ISO strings. */

/** A member's own deposit or withdrawal request, as their history lists it. */
export const cashRequestView = (r: {
  id: number;
  amount: number;
  status: CashRequestStatus;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}) => ({
  id: r.id,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
});

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
