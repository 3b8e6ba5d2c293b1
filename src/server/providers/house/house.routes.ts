import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type HouseAnswer, type HouseSuccess, houseContract } from '../../../shared/contract/house-api.ts';
import { CHIPS, type Engine, HOUSE_GAMES, LINE_BETS } from '../../../shared/games/house-games.ts';
import type { Db } from '../../db/client.ts';
import { addressKey } from '../../http/address-key.ts';
import { playabilityOf } from '../../modules/games/catalogue.service.ts';
import { CodedReply, refuse, serveActions } from '../action-api.ts';
import { moveBlackjack, resumeBlackjack, startBlackjack } from './house.blackjack.ts';
import { demoTables } from './house.demo.ts';
import { freeSpinsFor, playFreeSpinRound } from './house.free-spins.ts';
import type { RoundJackpot } from './house.jackpot.ts';
import { playRound } from './house.play.ts';
import { houseRounds, houseSeeds } from './house.schema.ts';
import { activeSeed, rotateSeed } from './seeds.ts';
import type { WalletClient } from './wallet-client.ts';

/** A launch token as the wallet answered it: its player, and the game it was opened for. */
interface Launched {
  playerId: string;
  gameCode: string | undefined;
}

/** The built-in tables' rule options: roulette's la partage, a blackjack dealer hitting soft 17. */
export interface TableRules {
  laPartage: boolean;
  dealerHitsSoft17: boolean;
}

/**
 * The built-in provider's game server: what its games in the browser call (the contract:
 * src/shared/contract/house-api.ts). It knows the player only through the wallet's authenticate
 * answer for the launch token.
 */
export async function houseGameServer(
  app: FastifyInstance,
  deps: {
    db: Db;
    wallet: WalletClient;
    currency: string;
    /** The install's table rules (config.houseRules), for a player whose wallet answer names none. */
    rules: TableRules;
    /**
     * The table rules and currency of the site a host name serves (demo play: a guest has no wallet
     * answer), so a demo opened on a baht site counts its fun money in baht.
     */
    demoSite(hostname: string): Promise<{ rules: TableRules; currency: string }>;
  },
) {
  // Launch token → its player and the game it was opened for, for plays: the most recent 50,000 tokens,
  // each for at most a login's life (12 h).
  const players = new LRUCache<string, Launched>({ max: 50_000, ttl: 12 * 60 * 60_000 });
  // Launch token → the table rules of the player's site, as the wallet answered them: re-asked after a
  // minute, so an operator's change reaches open windows' next rounds soon.
  const tableRules = new LRUCache<string, TableRules>({ max: 50_000, ttl: 60_000 });
  const rulesOf = (answer: { tableRules?: TableRules | undefined }) => answer.tableRules ?? deps.rules;
  /** The rules a round of this launch token runs by: its site's. */
  async function rulesFor(token: string): Promise<TableRules> {
    const known = tableRules.get(token);
    if (known) return known;
    const rules = rulesOf(await deps.wallet.authenticate(token));
    tableRules.set(token, rules);
    return rules;
  }

  /**
   * One round of a game of `engine`: the game must run that engine and a hand needs a stake; a bet the
   * wallet refuses answers the wallet's word (402 for the balance, else 409).
   */
  async function play(
    request: { log: FastifyInstance['log'] },
    input: {
      playerId: string;
      token: string;
      game: string;
      engine: Engine;
      bet: { lineBet: number } | Record<string, number>;
    },
  ) {
    const info = HOUSE_GAMES[input.game]!;
    const bad = badRound(input.game, input.engine, input.bet) ?? (await catalogueRefusal(input.game));
    if (bad) return bad;
    const result = await playRound(deps.db, deps.wallet, request.log, {
      playerId: input.playerId,
      token: input.token,
      gameCode: input.game,
      engine: info.engine,
      bet: input.bet,
      laPartage: input.engine === 'roulette' && (await rulesFor(input.token)).laPartage,
    });
    return coded(result);
  }
  /** A round no table takes, real or demo: the wrong game for the action, or a baccarat deal without a bet. */
  const badRound = (game: string, engine: Engine, bet: object) => {
    if (HOUSE_GAMES[game]!.engine !== engine) return refuse(400, 'invalid', 'wrong game');
    if (engine === 'baccarat' && Object.values(bet).every((v) => v === 0)) {
      return refuse(400, 'invalid', 'place a bet first');
    }
    return undefined;
  };
  /** A refusal's HTTP code: 402 for the balance, 400 for a move or bet the table does not take, else 409. */
  const coded = <R extends { status: string }>(result: R) =>
    result.status === 'success'
      ? result
      : new CodedReply(result.status === 'balance' ? 402 : result.status === 'invalid' ? 400 : 409, result);
  const blackjackDeps = (request: { log: FastifyInstance['log'] }) => ({
    db: deps.db,
    wallet: deps.wallet,
    log: request.log,
  });
  const PLAYS = new Set(['spin', 'deal', 'roulette', 'blackjack', 'move']);
  const demo = demoTables();
  /** A demo window's session: its "player" is `demo:<token>`. */
  const demoOf = (player: string, token: string) =>
    player.startsWith('demo:') ? demo.session(token) : undefined;
  /**
   * Play follows the catalogue: a game switched off (or under a vendor switched off) takes no new round
   * (403 disabled, msg2002), nor one under maintenance (409 time), real or demo, whenever its window was
   * opened. A blackjack hand already dealt can still be finished (its moves are not refused).
   */
  const catalogueRefusal = async (game: string) => {
    const state = await playabilityOf(deps.db, 'house', game);
    if (state === 'disabled') return refuse(403, 'disabled', 'this game is not enabled');
    if (state === 'maintenance') return refuse(409, 'time', 'this game is under maintenance');
    return undefined;
  };
  /** Demo rounds: the same outcome code, the session's fun balance, never the wallet. */
  const demoPlay = async (token: string, game: string, engine: Engine, bet: object) => {
    const s = demo.session(token)!;
    const refused = badRound(game, engine, bet) ?? (await catalogueRefusal(game));
    if (refused) return refused;
    return coded(await demo.play(s, { gameCode: game, engine, bet: bet as Record<string, number> }));
  };
  /** A seed change refused: a round dealt from the seed it would reveal is still open. */
  const roundOpen = () =>
    refuse(
      409,
      'round_open',
      'finish the open round before changing the seed: its cards come from this seed',
    );
  /** A round played in one call (a spin, a roulette spin, a baccarat deal): with fun money in demo, else through the wallet. */
  const oneCallRound = (
    request: { log: FastifyInstance['log'] },
    player: string,
    body: { token: string; game: string },
    engine: Engine,
    bet: { lineBet: number } | Record<string, number>,
  ) =>
    demoOf(player, body.token)
      ? demoPlay(body.token, body.game, engine, bet)
      : play(request, { playerId: player, token: body.token, game: body.game, engine, bet });

  /** The wallet's word on a launch token: its player and game, kept for plays; undefined once its login is over. */
  async function launchedBy(launchToken: string): Promise<Launched | undefined> {
    const answer = await deps.wallet.authenticate(launchToken);
    if (answer.status !== 'success' || !answer.playerId) return undefined;
    const launched = { playerId: answer.playerId, gameCode: answer.gameCode };
    players.set(launchToken, launched);
    tableRules.set(launchToken, rulesOf(answer));
    return launched;
  }
  /** The game a (real) launch token was opened for: the only one it plays. */
  const launchedGame = async (launchToken: string) =>
    (players.get(launchToken) ?? (await launchedBy(launchToken)))?.gameCode;
  const otherGame = () => refuse(400, 'invalid', 'this game window was opened for another game');

  serveActions(app, houseContract, {
    /**
     * Who a launch token belongs to. Plays (spin, deal) may use the cache, since every bet is checked
     * by the wallet against the live login session; everything else asks the wallet again, so a
     * token stops working for init, history, rounds and seeds once the member has logged out.
     * A real token plays only the game it was opened for: the wallet records its rounds under that
     * game (its category counts for bonus wagering, its vendor's maintenance and its jackpot share).
     * A demo token plays any game with fun money.
     */
    async player(launchToken: string, action: string, body: unknown) {
      if (demo.session(launchToken)) return `demo:${launchToken}`;
      const launched =
        (PLAYS.has(action) ? players.get(launchToken) : undefined) ?? (await launchedBy(launchToken));
      if (!launched) return undefined;
      const game = (body as { game?: string }).game;
      if (game !== undefined && game !== launched.gameCode) return otherGame();
      return launched.playerId;
    },
    sessionEnded: 'this game session has ended',
    handlers: {
      init: async ({ body, player, request }) => {
        const info = HOUSE_GAMES[body.game]!;
        const fun = demoOf(player, body.token);
        if (fun) {
          const refused = await catalogueRefusal(body.game);
          if (refused) return refused;
          return {
            status: 'success',
            game: { code: body.game, ...info },
            ...demo.init(fun, body.game),
            currency: fun.currency,
            lineBets: LINE_BETS,
            chips: CHIPS,
            rules: fun.rules,
            demo: true,
            freeSpins: null,
          } as HouseSuccess<'init'>;
        }
        // A blackjack round left open (a closed window, a restart) is brought up to date first.
        const open =
          info.engine === 'blackjack'
            ? await resumeBlackjack(blackjackDeps(request), player, body.game, body.token)
            : null;
        const answer = await deps.wallet.authenticate(body.token);
        const balance = answer.balance ?? 0;
        tableRules.set(body.token, rulesOf(answer));
        const seed = await activeSeed(deps.db, player);
        return {
          status: 'success',
          game: { code: body.game, ...info },
          balance,
          // The player's own currency (their site's), as the wallet says; the install's when it says none.
          currency: answer.currency ?? deps.currency,
          lineBets: LINE_BETS,
          chips: CHIPS,
          fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce },
          rules: rulesOf(answer),
          open: open?.status === 'success' ? withoutStatus(open as HouseSuccess<'blackjack'>) : null,
          demo: false,
          freeSpins: info.engine === 'slot' ? await freeSpinsFor(deps.db, player, body.game) : null,
        };
      },
      // A demo runs by the rules, and counts in the currency, of the site it is opened on.
      demo: async ({ body, request }) => {
        const refused = await catalogueRefusal(body.game);
        return (
          refused ?? {
            status: 'success',
            token: demo.mint(await deps.demoSite(request.hostname), addressKey(request.ip)),
          }
        );
      },
      roulette: async ({ body, player, request }) =>
        (await oneCallRound(request, player, body, 'roulette', body.bets)) as
          | HouseSuccess<'roulette'>
          | CodedReply,
      blackjack: async ({ body, player, request }) => {
        if (HOUSE_GAMES[body.game]!.engine !== 'blackjack') return refuse(400, 'invalid', 'wrong game');
        const fun = demoOf(player, body.token);
        if (fun) {
          const refused = await catalogueRefusal(body.game);
          if (refused) return refused;
          return coded(await demo.deal(fun, body.game, body.bet)) as HouseSuccess<'blackjack'> | CodedReply;
        }
        const closed = await catalogueRefusal(body.game);
        if (closed) return closed;
        const answer = await startBlackjack(blackjackDeps(request), {
          playerId: player,
          token: body.token,
          gameCode: body.game,
          bet: body.bet,
          rules: { dealerHitsSoft17: (await rulesFor(body.token)).dealerHitsSoft17 },
        });
        return coded(answer) as HouseSuccess<'blackjack'> | CodedReply;
      },
      move: async ({ body, player, request }) => {
        const fun = demoOf(player, body.token);
        if (fun)
          return coded(await demo.move(fun, body.roundId, body.move)) as HouseSuccess<'move'> | CodedReply;
        const gameCode = await launchedGame(body.token);
        if (gameCode === undefined) return otherGame();
        const answer = await moveBlackjack(blackjackDeps(request), {
          playerId: player,
          token: body.token,
          gameCode,
          roundId: body.roundId,
          move: body.move,
        });
        return coded(answer) as HouseSuccess<'move'> | CodedReply;
      },
      // A slot round's outcome is the machine's spin, and it always draws the jackpot.
      spin: async ({ body, player, request }) =>
        (await oneCallRound(request, player, body, 'slot', { lineBet: body.lineBet })) as
          | HouseSuccess<'spin'>
          | CodedReply,
      // A promotion's free spin: never in demo; the token's player is asked of the wallet every time.
      'free-spin': async ({ body, player }) => {
        if (demoOf(player, body.token)) return refuse(409, 'no_free_spins', 'no free spins in demo play');
        if (HOUSE_GAMES[body.game]!.engine !== 'slot') return refuse(409, 'no_free_spins', 'not a slot');
        return (
          (await catalogueRefusal(body.game)) ??
          playFreeSpinRound(deps.db, { playerId: player, gameCode: body.game })
        );
      },
      // A baccarat round's outcome is the hand.
      deal: async ({ body, player, request }) =>
        (await oneCallRound(request, player, body, 'baccarat', body.bets)) as
          | HouseSuccess<'deal'>
          | CodedReply,
      // The server seed is not revealed while a round dealt from it is still played (an open blackjack hand).
      seed: async ({ body, player }) => {
        const fun = demoOf(player, body.token);
        if (fun) {
          const rotated = demo.rotate(fun, body.clientSeed);
          return rotated.status === 'success' ? rotated : roundOpen();
        }
        const rotated = await rotateSeed(deps.db, player, body.clientSeed);
        if (rotated.status !== 'success') return roundOpen();
        const { revealed, active } = rotated;
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
      },
      round: async ({ body, player }) =>
        player.startsWith('demo:')
          ? { status: 'not_found', message: 'demo rounds are not kept' }
          : roundDetails(deps.db, player, body.roundId),
      history: async ({ player }) => {
        if (player.startsWith('demo:')) return { status: 'success', rounds: [] };
        const rows = await deps.db
          .select()
          .from(houseRounds)
          .where(and(eq(houseRounds.playerId, player), eq(houseRounds.status, 'settled')))
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
      },
    },
  });
}

const withoutStatus = <T extends { status: string }>({ status: _status, ...rest }: T) => rest;

/** Everything needed to recompute one of the player's rounds; the server seed once it is revealed. */
async function roundDetails(db: Db, playerId: string, roundId: string): Promise<HouseAnswer<'round'>> {
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
      jackpot: round.jackpot as RoundJackpot | null,
      clientSeed: seed.clientSeed,
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.revealedAt ? seed.serverSeed : null,
      createdAt: round.createdAt.toISOString(),
    },
  };
}
