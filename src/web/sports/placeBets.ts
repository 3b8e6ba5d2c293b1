import type { Bet } from '../../shared/contract/sports-api.ts';
import type { PriceChangeChoice } from '../../shared/sports/refusals.ts';
import { sportsCall } from './api.ts';
import type { SlipLeg, SystemChoice } from './slipModel.ts';

/** A slip id the book keeps (the same slip sent twice makes one bet). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `slip-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export type Outcome =
  | { ok: true; bet: Bet; balance?: number }
  | { ok: false; refusal: string; legs: number[] };

const wait = (ms: number) => new Promise((done) => window.setTimeout(done, Math.max(0, ms)));

/**
 * Places one bet and sees it through: a live bet waits its delay and is confirmed (or refused if the
 * market moved meanwhile). An accepted bet answers its receipt as the book recorded it.
 */
export async function placeOne(
  token: string,
  bet: {
    kind: 'single' | 'multiple' | 'system';
    system?: SystemChoice;
    unitStake: number;
    priceChange: PriceChangeChoice;
    legs: SlipLeg[];
  },
): Promise<Outcome> {
  const legIds = bet.legs.map((l) => l.selectionId);
  let reply = await sportsCall('place', {
    token,
    requestId: newRequestId(),
    kind: bet.kind,
    ...(bet.system?.name ? { systemName: bet.system.name } : {}),
    ...(bet.system?.sizes ? { sizes: bet.system.sizes } : {}),
    unitStake: bet.unitStake,
    priceChange: bet.priceChange,
    legs: bet.legs.map((l) => ({ selectionId: l.selectionId, price: l.accepted })),
  });
  for (let tries = 0; (reply.status === 'delayed' || reply.status === 'wait') && tries < 20; tries++) {
    await wait(new Date(reply.acceptAt).getTime() - Date.now() + 150);
    reply = await sportsCall('confirm', { token, betId: reply.betId });
  }
  if (reply.status === 'refused') return { ok: false, refusal: reply.refusal, legs: legIds };
  if (reply.status !== 'success') return { ok: false, refusal: 'invalid_bet', legs: legIds };
  const receipt = await sportsCall('bet', { token, betId: reply.betId });
  return { ok: true, bet: receipt.bet, balance: reply.balance };
}
