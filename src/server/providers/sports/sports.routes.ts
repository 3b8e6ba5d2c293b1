import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Bet, type PlaceAnswer, sportsContract } from '../../../shared/contract/sports-api.ts';
import { limitMsg } from '../../../shared/limit-messages.ts';
import { parseFractionText } from '../../../shared/sports/fraction.ts';
import { refusalKey } from '../../../shared/sports/refusals.ts';
import type { Db } from '../../db/client.ts';
import { refuse, serveActions } from '../action-api.ts';
import type { AfterReply } from './after-reply.ts';
import { alertOnPlacement, alertOnTaken } from './alerts/alerts.service.ts';
import { type BetAnswer, confirmBet, placeBet } from './bets.service.ts';
import { browseHandlers } from './browse.routes.ts';
import { cashoutHandlers } from './cashout.routes.ts';
import { type BetRecord, betHistory, betTotals } from './history.service.ts';
import { listEvents, newestEventId } from './listing.service.ts';
import { oddsFormatOf, saveOddsFormat } from './odds-prefs.ts';
import type { StakeInBook } from './placement-batch.ts';
import { publishedRules } from './published-rules.ts';
import { bookSettings } from './settings.ts';
import { readSlip, type SlipRead } from './slip-reads.ts';
import type { SportsWallet } from './sports-wallet.ts';

/** A refused bet names the message key the slip shows: the refusal's, or the limit's. */
const answerOf = (a: BetAnswer): PlaceAnswer =>
  a.status === 'refused' ? { ...a, msg: a.limit ? limitMsg(a.limit) : refusalKey(a.refusal) } : a;

/**
 * The book's bet records as the contract names them: the book writes only the contract's words for a
 * bet's kind and refusal, and a settlement's proof is a PayoutProof (or null).
 */
const asBets = (records: BetRecord[]) => records as Bet[];

type PlaceBody = z.output<typeof sportsContract.actions.place.request>;

/** The launch token's player; for a placement read with its slip (slip-reads.ts), that read too. */
interface SportsPlayer {
  playerId: string;
  balance: number;
  currency: string;
  slip?: SlipRead;
}

/**
 * The sportsbook's API, what its window in the browser calls: events and prices, the house rules,
 * placing and confirming bets, the bet history (the contract: src/shared/contract/sports-api.ts).
 * It knows the player only through the wallet's answer for the launch token.
 */
export async function sportsApi(
  app: FastifyInstance,
  deps: {
    db: Db;
    wallet: SportsWallet;
    currency: string;
    afterReply: AfterReply;
    /** A stake charged in the bet's own transaction, when the wallet is in this database (placement-batch.ts). */
    stakeInBook?: (token: string) => StakeInBook | undefined;
  },
) {
  serveActions<typeof sportsContract, SportsPlayer>(app, sportsContract, {
    /**
     * The player a launch token belongs to, asked of the wallet on every call, never remembered: the
     * token lives only as long as the login it was launched from (logout, expiry, idleness, a sign-out
     * elsewhere), as a casino game's token does for its bets. A placement with the wallet in this
     * database asks it in its slip's read, by the wallet's own session check (slip-reads.ts): one
     * round trip for both.
     */
    async player(launchToken, action, body) {
      const session = action === 'place' ? deps.stakeInBook?.(launchToken) : undefined;
      if (session) {
        const slip = await readSlip(deps.db, {
          session,
          selectionIds: (body as PlaceBody).legs.map((l) => l.selectionId),
        });
        if (!slip.player?.live) return undefined;
        const { playerId, balance, currency } = slip.player;
        return { playerId, balance, currency, slip };
      }
      const answer = await deps.wallet.authenticate(launchToken);
      if (answer.status !== 'success' || !answer.playerId) return undefined;
      return {
        playerId: answer.playerId,
        balance: answer.balance ?? 0,
        currency: answer.currency ?? deps.currency,
      };
    },
    sessionEnded: 'this sports session has ended',
    handlers: {
      ...cashoutHandlers(deps),
      ...browseHandlers(deps),
      init: async ({ player }) => ({
        status: 'success',
        playerId: player.playerId,
        balance: player.balance,
        currency: player.currency,
        rounding: (await bookSettings(deps.db)).rounding,
        oddsFormat: await oddsFormatOf(deps.db, player.playerId),
      }),
      oddsFormat: async ({ body, player }) => {
        await saveOddsFormat(deps.db, player.playerId, body.format);
        return { status: 'success', format: body.format };
      },
      events: async ({ body }) => {
        // Read first: an event opened while the listing is read is above it, so the window hears of it.
        const newest = await newestEventId(deps.db);
        return { status: 'success', events: await listEvents(deps.db, body), newest };
      },
      rules: async ({ body }) => ({
        status: 'success',
        rules: await publishedRules(deps.db, body.currency ?? deps.currency),
      }),
      place: async ({ body: b, player, request }) => {
        let taken: Parameters<NonNullable<Parameters<typeof placeBet>[4]>>[0] | undefined;
        const answer = await placeBet(
          deps.db,
          deps.wallet,
          b.token,
          {
            playerId: player.playerId,
            currency: player.currency,
            read: player.slip,
            requestId: b.requestId,
            kind: b.kind,
            systemName: b.systemName,
            sizes: b.sizes,
            unitStake: b.unitStake,
            priceChange: b.priceChange,
            legs: b.legs.map((l) => ({ selectionId: l.selectionId, price: parseFractionText(l.price)! })),
            ip: request.ip,
          },
          (facts) => {
            taken = facts;
          },
          deps.stakeInBook?.(b.token),
        );
        // The desk's alerts never stand in the way of a bet, nor delay its reply: they run after it
        // (after-reply.ts), from what the placement knew of a bet it took (a repeat's read back); a
        // bet the wallet refused raises none. A failure is logged, the bet stands.
        const betId = answer.betId;
        if (betId !== undefined && answer.status !== 'refused') {
          const known = taken;
          deps.afterReply.run(() =>
            known ? alertOnTaken(deps.db, known.bet, known.settings) : alertOnPlacement(deps.db, betId),
          );
        }
        return answerOf(answer);
      },
      confirm: async ({ body: b, player }) =>
        answerOf(
          await confirmBet(
            deps.db,
            deps.wallet,
            b.token,
            player.playerId,
            b.betId,
            deps.stakeInBook?.(b.token),
          ),
        ),
      bet: async ({ body: b, player }) => {
        const [bet] = await betHistory(deps.db, { playerId: player.playerId, betId: b.betId, limit: 1 });
        if (!bet) return refuse(404, 'not_found', 'no such bet');
        return { status: 'success', bet: asBets([bet])[0]! };
      },
      bets: async ({ body: b, player }) => {
        const limit = b.limit ?? 20;
        const bets = await betHistory(deps.db, { ...b, playerId: player.playerId, limit: limit + 1 });
        const page = bets.slice(0, limit);
        const last = page.at(-1);
        const ranged = b.from !== undefined || b.to !== undefined || b.before !== undefined;
        return {
          status: 'success',
          bets: asBets(page),
          next: bets.length > limit && last ? (ranged ? { at: last.placedAt, id: last.id } : last.id) : null,
          ...(b.from && b.to
            ? { totals: await betTotals(deps.db, { playerId: player.playerId, from: b.from, to: b.to }) }
            : {}),
        };
      },
    },
  });
}
