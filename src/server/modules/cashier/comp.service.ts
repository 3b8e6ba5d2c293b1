import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MSG, STATUS } from '../../../shared/messages.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { IdempotencyConflict, InsufficientFunds, transfer } from '../ledger/ledger.service.ts';
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

/** Moves comp (rolling) to cash: all of it, or `amount` when given; never below the site's minimum. */
export async function exchangeComp(
  db: Db,
  member: SessionMember,
  site: Site,
  input: { amount?: number | undefined; code?: string | undefined },
): Promise<{ amount: number }> {
  const minimum = compMinimum(site);
  const amount = input.amount ?? member.user.rolling;
  // Comp moves in whole minor units; a fraction is refused here rather than deep in the ledger.
  if (!Number.isSafeInteger(amount)) {
    throw new ApiError(400, STATUS.invalid, MSG.invalidInput, 'amount: a whole number of minor units', {
      field: 'amount',
    });
  }
  // `<= 0` too: a site may set its minimum to 0, and a move of nothing is no exchange (the ledger
  // refuses it as a programming error, which answered 500).
  if (amount <= 0 || amount < minimum || member.user.rolling < minimum) {
    throw belowMinimum(minimum, member.user.rolling);
  }
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
    if (error instanceof IdempotencyConflict) {
      throw new ApiError(
        409,
        STATUS.duplicate,
        MSG.duplicateRequest,
        'this code was used for another exchange',
      );
    }
    throw error;
  }
  return { amount };
}
