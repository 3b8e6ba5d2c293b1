import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { playRound } from './house.play.ts';
import { houseRounds, houseSeeds } from './house.schema.ts';
import { BACCARAT_MAX_STAKE, CHIPS, HOUSE_GAMES, LINE_BETS } from './house-games.ts';
import { activeSeed, rotateSeed } from './seeds.ts';
import type { WalletClient } from './wallet-client.ts';

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const game = z.string().refine((g) => Object.hasOwn(HOUSE_GAMES, g), 'unknown game');
const stakeOn = z.number().int().min(0).max(BACCARAT_MAX_STAKE).multipleOf(CHIPS[0]!).default(0);

const bodies = {
  init: z.object({ token, game }),
  spin: z.object({
    token,
    game,
    lineBet: z
      .number()
      .int()
      .refine((n) => LINE_BETS.includes(n), 'not an offered line bet'),
  }),
  deal: z.object({ token, game, bets: z.object({ player: stakeOn, banker: stakeOn, tie: stakeOn }) }),
  seed: z.object({
    token,
    clientSeed: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w-]+$/),
  }),
  history: z.object({ token }),
  round: z.object({ token, roundId: z.string().regex(/^H\d{1,15}$/) }),
};

/**
 * The built-in provider's game server: what its games in the browser call. It knows the player
 * only through the wallet's authenticate answer for the launch token.
 */
export async function houseGameServer(
  app: FastifyInstance,
  deps: { db: Db; wallet: WalletClient; currency: string },
) {
  const players = new Map<string, string>();
  /**
   * Who a launch token belongs to. Plays (spin, deal) may use the cache, since every bet is checked
   * by the wallet against the live login session; everything else asks the wallet again, so a
   * token stops working for init, history, rounds and seeds once the member has logged out.
   */
  async function playerOf(launchToken: string, cached: boolean): Promise<string | undefined> {
    const known = cached ? players.get(launchToken) : undefined;
    if (known) return known;
    const answer = await deps.wallet.authenticate(launchToken);
    if (answer.status !== 'success' || !answer.playerId) return undefined;
    if (players.size > 50_000) players.clear();
    players.set(launchToken, answer.playerId);
    return answer.playerId;
  }

  const refuse = (status: string, message: string) => ({ status, message });

  app.post<{ Params: { action: string } }>('/house/api/:action', async (request, reply) => {
    const action = request.params.action as keyof typeof bodies;
    const schema = Object.hasOwn(bodies, action) ? bodies[action] : undefined;
    if (!schema) return reply.code(404).send(refuse('not_found', 'no such action'));
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send(refuse('invalid', parsed.error.issues[0]?.message ?? 'invalid'));
    const body = parsed.data as Record<string, unknown>;

    const playerId = await playerOf(String(body.token), action === 'spin' || action === 'deal');
    if (!playerId) return reply.code(401).send(refuse('session_expired', 'this game session has ended'));

    switch (action) {
      case 'init': {
        const balance = (await deps.wallet.authenticate(String(body.token))).balance ?? 0;
        const seed = await activeSeed(deps.db, playerId);
        const info = HOUSE_GAMES[String(body.game)]!;
        return {
          status: 'success',
          game: { code: body.game, ...info },
          balance,
          currency: deps.currency,
          lineBets: LINE_BETS,
          chips: CHIPS,
          fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce },
        };
      }
      case 'spin':
      case 'deal': {
        const info = HOUSE_GAMES[String(body.game)]!;
        if ((action === 'spin') !== (info.engine === 'slot'))
          return reply.code(400).send(refuse('invalid', 'wrong game'));
        const bet =
          action === 'spin' ? { lineBet: Number(body.lineBet) } : (body.bets as Record<string, number>);
        if (action === 'deal' && Object.values(bet).every((v) => v === 0)) {
          return reply.code(400).send(refuse('invalid', 'place a bet first'));
        }
        const result = await playRound(deps.db, deps.wallet, request.log, {
          playerId,
          token: String(body.token),
          gameCode: String(body.game),
          engine: info.engine,
          bet,
        });
        return reply
          .code(result.status === 'success' ? 200 : result.status === 'balance' ? 402 : 409)
          .send(result);
      }
      case 'seed': {
        const { revealed, active } = await rotateSeed(deps.db, playerId, String(body.clientSeed));
        return {
          status: 'success',
          revealed: revealed && {
            serverSeed: revealed.serverSeed,
            serverSeedHash: revealed.serverSeedHash,
            clientSeed: revealed.clientSeed,
            rounds: revealed.nonce,
          },
          fairness: {
            serverSeedHash: active.serverSeedHash,
            clientSeed: active.clientSeed,
            nonce: active.nonce,
          },
        };
      }
      case 'round':
        return roundDetails(deps.db, playerId, String(body.roundId));
      case 'history': {
        const rows = await deps.db
          .select()
          .from(houseRounds)
          .where(and(eq(houseRounds.playerId, playerId), eq(houseRounds.status, 'settled')))
          .orderBy(desc(houseRounds.id))
          .limit(20);
        return {
          status: 'success',
          rounds: rows.map((r) => ({
            roundId: `H${r.id}`,
            game: r.gameCode,
            stake: r.stake,
            payout: r.payout,
            nonce: r.nonce,
          })),
        };
      }
    }
  });
}

/** Everything needed to recompute one of the player's rounds; the server seed once it is revealed. */
async function roundDetails(db: Db, playerId: string, roundId: string) {
  const [row] = await db
    .select({ round: houseRounds, seed: houseSeeds })
    .from(houseRounds)
    .innerJoin(houseSeeds, eq(houseSeeds.id, houseRounds.seedId))
    .where(and(eq(houseRounds.id, Number(roundId.slice(1))), eq(houseRounds.playerId, playerId)));
  if (!row) return { status: 'not_found', message: 'no such round' };
  const { round, seed } = row;
  // Nothing about a round's outcome leaves the server before its bet is committed and settled.
  if (round.status !== 'settled') {
    return {
      status: 'success',
      round: {
        roundId,
        game: round.gameCode,
        engine: round.engine,
        state: round.status,
        nonce: round.nonce,
        clientSeed: seed.clientSeed,
        serverSeedHash: seed.serverSeedHash,
        serverSeed: null,
      },
    };
  }
  return {
    status: 'success',
    round: {
      roundId,
      game: round.gameCode,
      engine: round.engine,
      bet: round.bet,
      stake: round.stake,
      payout: round.payout,
      outcome: round.outcome,
      nonce: round.nonce,
      jackpot: round.jackpot,
      clientSeed: seed.clientSeed,
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.revealedAt ? seed.serverSeed : null,
      createdAt: round.createdAt.toISOString(),
    },
  };
}
