import { randomUUID } from 'node:crypto';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SessionMember } from '../accounts/sessions.repo.ts';
import { InsufficientFunds, transfer } from '../ledger/ledger.service.ts';
import type { CompSettings } from '../sites/sites.schema.ts';
import type { Site } from '../sites/sites.service.ts';

export const DEFAULT_COMP_MINIMUM = 10_000;
export type GameCategory = 'casino' | 'slot' | 'sport';

export function compMinimum(site: Site): number {
  return site.settings.comp?.minExchange ?? DEFAULT_COMP_MINIMUM;
}

const belowMinimum = (minimum: number, comp: number) =>
  new ApiError(409, STATUS.lowPoint, MSG.compBelowMinimum, `at least ${minimum} comp is needed to exchange`, {
    minimum,
    rolling: comp,
  });

/** Moves comp (rolling) to cash: all of it, or `amount` when given; never below the site's minimum. */
export async function exchangeComp(
  db: Db,
  member: SessionMember,
  site: Site,
  input: { amount?: number | undefined; code?: string | undefined },
): Promise<{ amount: number }> {
  const minimum = compMinimum(site);
  const amount = input.amount ?? member.user.rolling;
  if (amount < minimum || member.user.rolling < minimum) throw belowMinimum(minimum, member.user.rolling);
  try {
    await transfer(db, {
      idempotencyKey: `comp-exchange:${member.memberId}:${input.code ?? randomUUID()}`,
      from: { memberId: member.memberId, kind: 'comp' },
      to: { memberId: member.memberId, kind: 'cash' },
      amount,
      kind: 'comp_exchange',
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw belowMinimum(minimum, error.balance);
    throw error;
  }
  return { amount };
}

/** Basis points of stake credited as comp for a member level and game category (0 when unset). */
export function compRate(settings: CompSettings | undefined, level: number, category: GameCategory): number {
  const rate = settings?.rates?.[String(level)]?.[category] ?? 0;
  return Number.isInteger(rate) && rate > 0 && rate <= 10_000 ? rate : 0;
}

export interface AccrualInput {
  memberId: number;
  level: number;
  category: GameCategory;
  stake: number;
  /** Unique per settled bet, so a repeated settlement accrues once. */
  betKey: string;
}

/** Called by the games module when a bet settles: comp funded by the house comp-expense account. */
export async function accrueComp(tx: DbOrTx, settings: CompSettings | undefined, input: AccrualInput) {
  const amount = Math.floor((input.stake * compRate(settings, input.level, input.category)) / 10_000);
  if (amount <= 0) return 0;
  await transfer(tx, {
    idempotencyKey: `comp-accrual:${input.betKey}`,
    from: { house: 'comp_expense' },
    to: { memberId: input.memberId, kind: 'comp' },
    amount,
    kind: 'comp_accrual',
    reference: { bet: input.betKey, category: input.category },
  });
  return amount;
}
