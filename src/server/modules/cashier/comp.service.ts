import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MSG, STATUS } from '../../../shared/messages.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import {
  amountOfTransfer,
  IdempotencyConflict,
  InsufficientFunds,
  transfer,
} from '../ledger/ledger.service.ts';
import { siteCompMinimum } from '../sites/site-money.ts';
import type { Site } from '../sites/sites.service.ts';

/** The least comp a member of the site may exchange, in minor units (its setting is in major units). */
export const compMinimum = (site: Site): number => siteCompMinimum(site);

export interface CompTerms {
  minimum: number;
  level: number;
  levelName: string | null;
  /** Basis points of each stake that comes back as comp, by game category. */
  rates: { casino: number; slot: number; sport: number };
}

/**
 * The terms a member earns and exchanges comp under. The rates come from the same SQL function
 * (`comp_rate`) that accrues comp when a round settles, so the page can never promise another rate.
 */
export async function compTerms(db: Db, member: SessionMember, site: Site): Promise<CompTerms> {
  const level = member.user.level;
  const settings = JSON.stringify(site.settings);
  const [row] = await queryRows<{ casino: number; slot: number; sport: number }>(
    db,
    sql`SELECT comp_rate(${settings}::jsonb, ${level}::int, 'casino') AS casino,
               comp_rate(${settings}::jsonb, ${level}::int, 'slot') AS slot,
               comp_rate(${settings}::jsonb, ${level}::int, 'sport') AS sport`,
  );
  return {
    minimum: compMinimum(site),
    level,
    levelName: site.settings.levelNames?.[String(level)] ?? null,
    rates: { casino: Number(row?.casino ?? 0), slot: Number(row?.slot ?? 0), sport: Number(row?.sport ?? 0) },
  };
}

const belowMinimum = (minimum: number, comp: number) =>
  errors.lowPoint(`at least ${minimum} comp is needed to exchange`, {
    minimum,
    rolling: comp,
  });

const exchangeCodeReused = () =>
  new ApiError(409, STATUS.duplicate, MSG.duplicateRequest, 'this code was used for another exchange');

/**
 * Moves comp (rolling) to cash: all of it, or `amount` when given; never below the site's minimum. The same
 * `code` again is the same exchange: it answers the amount the first moved, and moves nothing.
 */
export async function exchangeComp(
  db: Db,
  member: SessionMember,
  site: Site,
  input: { amount?: number | undefined; code?: string | undefined },
): Promise<{ amount: number }> {
  const minimum = compMinimum(site);
  // Comp moves in whole minor units; a fraction is refused here rather than deep in the ledger.
  if (!Number.isSafeInteger(input.amount ?? member.user.rolling)) {
    throw new ApiError(400, STATUS.invalid, MSG.invalidInput, 'amount: a whole number of minor units', {
      field: 'amount',
    });
  }
  const idempotencyKey = `comp-exchange:${member.memberId}:${input.code ?? randomUUID()}`;
  // A repeat of an exchange already made answers as it did, before the checks of what the comp holds
  // now: the first took it (often all of it), so they refused a lost answer's retry with low_point.
  if (input.code !== undefined) {
    const first = await amountOfTransfer(db, idempotencyKey);
    if (first !== undefined) {
      if (input.amount !== undefined && input.amount !== first) throw exchangeCodeReused();
      return { amount: first };
    }
  }
  const amount = input.amount ?? member.user.rolling;
  // `<= 0` too: a site may set its minimum to 0, and a move of nothing is no exchange (the ledger
  // refuses it as a programming error, which answered 500).
  if (amount <= 0 || amount < minimum || member.user.rolling < minimum) {
    throw belowMinimum(minimum, member.user.rolling);
  }
  try {
    await transfer(db, {
      idempotencyKey,
      from: { memberId: member.memberId, kind: 'comp' },
      to: { memberId: member.memberId, kind: 'cash' },
      amount,
      kind: 'comp_exchange',
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw belowMinimum(minimum, error.balance);
    if (error instanceof IdempotencyConflict) throw exchangeCodeReused();
    throw error;
  }
  return { amount };
}
