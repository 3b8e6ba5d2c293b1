import { cashoutRefusalKey } from '../../../shared/sports/cashout.ts';
import type { Db } from '../../db/client.ts';
import { acceptCashout, cashoutOffer, setAutoCashout } from './cashout.service.ts';
import type { SportsWallet } from './sports-wallet.ts';

/** A refused cash-out names the message key the window shows. */
const withMsg = <A extends { status: string; refusal?: string }>(a: A) =>
  a.status === 'refused' && a.refusal
    ? { ...a, msg: cashoutRefusalKey(a.refusal as Parameters<typeof cashoutRefusalKey>[0]) }
    : a;

type Player = { playerId: string };

/** The cash-out actions' handlers (contract: src/shared/contract/sports-cashout-api.ts), served with the sports API. */
export function cashoutHandlers(deps: { db: Db; wallet: SportsWallet }) {
  return {
    cashoutOffer: async ({ body, player }: { body: { betId: number }; player: Player }) =>
      withMsg(await cashoutOffer(deps.db, player.playerId, body.betId)) as never,
    cashout: async ({
      body,
      player,
    }: {
      body: { betId: number; offerId: string; part?: number; minAmount?: number };
      player: Player;
    }) => withMsg(await acceptCashout(deps.db, deps.wallet, player.playerId, body)) as never,
    cashoutAuto: async ({ body, player }: { body: { betId: number; at: number | null }; player: Player }) =>
      withMsg(await setAutoCashout(deps.db, player.playerId, body.betId, body.at)) as never,
  };
}
