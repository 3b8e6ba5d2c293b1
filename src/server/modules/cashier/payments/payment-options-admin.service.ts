import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import { paymentOptions } from '../cashier.schema.ts';

export type PaymentOptionRow = typeof paymentOptions.$inferSelect;
export type NewPaymentOption = typeof paymentOptions.$inferInsert;
export type PaymentOptionPatch = Partial<
  Pick<NewPaymentOption, 'kind' | 'provider' | 'name' | 'minAmount' | 'maxAmount' | 'enabled' | 'sortOrder'>
>;

/** Every option, enabled or not, of one site or all: members see only the enabled ones. */
export async function listAllPaymentOptions(db: DbOrTx, siteId?: number): Promise<PaymentOptionRow[]> {
  return db
    .select()
    .from(paymentOptions)
    .where(siteId ? eq(paymentOptions.siteId, siteId) : undefined)
    .orderBy(asc(paymentOptions.siteId), asc(paymentOptions.direction), asc(paymentOptions.sortOrder))
    .limit(500);
}

function assertLimits(option: { minAmount: number; maxAmount: number }) {
  if (option.minAmount > option.maxAmount) throw errors.invalid('minAmount must not exceed maxAmount');
}

export async function createPaymentOption(tx: DbOrTx, input: NewPaymentOption): Promise<PaymentOptionRow> {
  assertLimits({ minAmount: input.minAmount ?? 10_000, maxAmount: input.maxAmount ?? 10_000_000 });
  const [row] = await tx.insert(paymentOptions).values(input).returning();
  return row!;
}

/** Undefined when there is no such option. Disabling is `enabled: false`: requests keep their option. */
export async function updatePaymentOption(tx: DbOrTx, id: number, patch: PaymentOptionPatch) {
  const [before] = await tx.select().from(paymentOptions).where(eq(paymentOptions.id, id)).for('update');
  if (!before) return undefined;
  assertLimits({ ...before, ...patch } as PaymentOptionRow);
  const [after] = await tx.update(paymentOptions).set(patch).where(eq(paymentOptions.id, id)).returning();
  return { before, after: after! };
}
