import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { limitMsg } from '../../../shared/limit-messages.ts';
import { parseFractionText } from '../../../shared/sports/fraction.ts';
import { PRICE_CHANGE_CHOICES, refusalKey } from '../../../shared/sports/refusals.ts';
import type { Db } from '../../db/client.ts';
import { type BetAnswer, confirmBet, placeBet } from './bets.service.ts';
import { betHistory, betTotals } from './history.service.ts';
import { listEvents } from './listing.service.ts';
import { publishedRules } from './published-rules.ts';
import { bookSettings } from './settings.ts';
import type { SportsWallet } from './sports-wallet.ts';

const isoTime = z.iso.datetime({ offset: true });
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bodies = {
  init: z.object({ token }),
  events: z.object({ eventId: id.optional(), limit: z.number().int().min(1).max(200).optional() }),
  /** The house rules the window publishes: no fields, no session (they are public, like the prices). */
  rules: z.looseObject({}),
  place: z.object({
    token,
    requestId: z.string().regex(/^[\w-]{8,64}$/),
    kind: z.enum(['single', 'multiple', 'system']),
    systemName: z.string().max(20).optional(),
    sizes: z.array(z.number().int().min(1).max(20)).max(20).optional(),
    unitStake: z.number().int().positive().max(1e13),
    priceChange: z.enum(PRICE_CHANGE_CHOICES),
    legs: z
      .array(
        z.object({
          selectionId: id,
          price: z
            .string()
            .max(40)
            .refine((p) => parseFractionText(p) !== undefined, 'a price as num/den'),
        }),
      )
      .min(1)
      .max(20),
  }),
  confirm: z.object({ token, betId: id }),
  bet: z.object({ token, betId: id }),
  bets: z
    .object({
      token,
      beforeId: id.optional(),
      /** The next page's cursor as the previous page answered it (`next`). */
      before: z.object({ at: isoTime, id }).optional(),
      from: isoTime.optional(),
      to: isoTime.optional(),
      state: z.enum(['open', 'settled']).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    })
    .refine((b) => !b.from || !b.to || b.from < b.to, 'from must be before to'),
};

const HTTP: Record<BetAnswer['status'], number> = { success: 200, delayed: 202, wait: 202, refused: 409 };

/**
 * The sportsbook's API, what its window in the browser calls: events and prices, the house rules,
 * placing and confirming bets, the bet history. It knows the player only through the wallet's answer for the
 * launch token.
 */
export async function sportsApi(
  app: FastifyInstance,
  deps: { db: Db; wallet: SportsWallet; currency: string },
) {
  /**
   * The player a launch token belongs to, asked of the wallet on every call, never remembered: the
   * token lives only as long as the login it was launched from (logout, expiry, idleness, a sign-out
   * elsewhere), as a casino game's token does for its bets.
   */
  async function playerOf(launchToken: string) {
    const answer = await deps.wallet.authenticate(launchToken);
    if (answer.status !== 'success' || !answer.playerId) return undefined;
    return { playerId: answer.playerId, balance: answer.balance ?? 0 };
  }
  const refuse = (status: string, message: string) => ({ status, message });

  app.post<{ Params: { action: string } }>('/sports/api/:action', async (request, reply) => {
    const action = request.params.action as keyof typeof bodies;
    const schema = Object.hasOwn(bodies, action) ? bodies[action] : undefined;
    if (!schema) return reply.code(404).send(refuse('not_found', 'no such action'));
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send(refuse('invalid', parsed.error.issues[0]?.message ?? 'invalid'));
    if (action === 'events') {
      const body = parsed.data as z.infer<typeof bodies.events>;
      return { status: 'success', events: await listEvents(deps.db, body) };
    }
    if (action === 'rules') return { status: 'success', rules: await publishedRules(deps.db, deps.currency) };
    const body = parsed.data as { token: string };
    const player = await playerOf(body.token);
    if (!player) return reply.code(401).send(refuse('session_expired', 'this sports session has ended'));
    const answer = (a: BetAnswer) =>
      reply
        .code(HTTP[a.status])
        .send(
          a.status === 'refused' ? { ...a, msg: a.limit ? limitMsg(a.limit) : refusalKey(a.refusal) } : a,
        );
    switch (action) {
      case 'init': {
        return {
          status: 'success',
          playerId: player.playerId,
          balance: player.balance,
          currency: deps.currency,
          rounding: (await bookSettings(deps.db)).rounding,
        };
      }
      case 'place': {
        const b = parsed.data as z.infer<typeof bodies.place>;
        return answer(
          await placeBet(deps.db, deps.wallet, b.token, {
            playerId: player.playerId,
            requestId: b.requestId,
            kind: b.kind,
            systemName: b.systemName,
            sizes: b.sizes,
            unitStake: b.unitStake,
            priceChange: b.priceChange,
            legs: b.legs.map((l) => ({ selectionId: l.selectionId, price: parseFractionText(l.price)! })),
          }),
        );
      }
      case 'confirm': {
        const b = parsed.data as z.infer<typeof bodies.confirm>;
        return answer(await confirmBet(deps.db, deps.wallet, b.token, player.playerId, b.betId));
      }
      case 'bet': {
        const b = parsed.data as z.infer<typeof bodies.bet>;
        const [bet] = await betHistory(deps.db, { playerId: player.playerId, betId: b.betId, limit: 1 });
        if (!bet) return reply.code(404).send(refuse('not_found', 'no such bet'));
        return { status: 'success', bet };
      }
      case 'bets': {
        const b = parsed.data as z.infer<typeof bodies.bets>;
        const limit = b.limit ?? 20;
        const bets = await betHistory(deps.db, { ...b, playerId: player.playerId, limit: limit + 1 });
        const page = bets.slice(0, limit);
        const last = page.at(-1);
        const ranged = b.from !== undefined || b.to !== undefined || b.before !== undefined;
        return {
          status: 'success',
          bets: page,
          next: bets.length > limit && last ? (ranged ? { at: last.placedAt, id: last.id } : last.id) : null,
          ...(b.from && b.to
            ? { totals: await betTotals(deps.db, { playerId: player.playerId, from: b.from, to: b.to }) }
            : {}),
        };
      }
    }
  });
}
