import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  applyMove,
  type BlackjackMove,
  type BlackjackState,
  extraStake,
  IllegalMove,
  MAX_CARDS,
  publicView,
  startRound,
  totalReturn,
  totalStake,
} from '../../../shared/games/blackjack.ts';
import type { Engine } from '../../../shared/games/house-games.ts';
import { NO_JACKPOT } from './house.jackpot.ts';
import { outcomeOf, type PlayInput } from './house.play.ts';
import { floatsFor, sha256Hex } from './seeds.ts';

/**
 * Demo play: the built-in games with fun money, for guests and for members who choose it. A demo
 * session lives only in this process's memory (its balance, seed and open blackjack round): it never
 * calls the wallet and writes no row, so it can neither touch the ledger nor mix with real rounds.
 */
export const DEMO_BALANCE = 1_000_000;
/** Demo launch tokens start with this: the same shape as a real one, told apart by the prefix. */
export const DEMO_PREFIX = 'demo_';

interface DemoSession {
  balance: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  rounds: number;
  /** The open blackjack round of each game. */
  blackjack: Map<string, { roundId: string; nonce: number; state: BlackjackState }>;
  /** The table rules of the site the demo was opened on. */
  rules: { laPartage: boolean; dealerHitsSoft17: boolean };
  /** That site's currency: the window shows the fun money in it. */
  currency: string;
}

const newSeed = () => ({
  serverSeed: randomBytes(32).toString('hex'),
  clientSeed: randomBytes(8).toString('hex'),
});

/** Live demo sessions one address may hold; its next one ends its oldest. */
export const DEMO_SESSIONS_PER_ADDRESS = 20;
const DEMO_TTL_MS = 2 * 60 * 60_000;

export function demoTables() {
  // At most 20,000 demo sessions, each for two hours: memory stays bounded whatever guests do.
  const sessions = new LRUCache<string, DemoSession>({ max: 20_000, ttl: DEMO_TTL_MS });
  // Each address's sessions, oldest first: one guest minting without end ends their own sessions,
  // not (through the cache's bound) every other guest's.
  const byAddress = new LRUCache<string, string[]>({ max: 20_000, ttl: DEMO_TTL_MS });
  const refuse = (status: string, message: string, balance?: number) => ({
    status,
    message,
    ...(balance === undefined ? {} : { balance }),
  });

  function fairness(s: DemoSession) {
    return { serverSeedHash: sha256Hex(s.serverSeed), clientSeed: s.clientSeed, nonce: s.nonce };
  }
  function nextSeed(s: DemoSession) {
    return { serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce++, seedId: 0 };
  }
  function blackjackReply(s: DemoSession, round: { roundId: string; nonce: number; state: BlackjackState }) {
    const done = round.state.phase === 'done';
    return {
      roundId: round.roundId,
      view: publicView(round.state),
      stake: totalStake(round.state),
      payout: done ? totalReturn(round.state) : 0,
      balance: s.balance,
      nonce: round.nonce,
    };
  }

  return {
    /** A fresh demo session with its fun balance for a guest at `address`; its token opens the demo window. */
    mint(site: Pick<DemoSession, 'rules' | 'currency'>, address: string) {
      const token = DEMO_PREFIX + randomBytes(29).toString('base64url').slice(0, 38);
      const own = [...(byAddress.get(address) ?? []).filter((t) => sessions.has(t)), token];
      while (own.length > DEMO_SESSIONS_PER_ADDRESS) sessions.delete(own.shift()!);
      byAddress.set(address, own);
      sessions.set(token, {
        balance: DEMO_BALANCE,
        ...newSeed(),
        nonce: 0,
        rounds: 0,
        blackjack: new Map(),
        rules: site.rules,
        currency: site.currency,
      });
      return token;
    },
    session: (token: string) => (token.startsWith(DEMO_PREFIX) ? sessions.get(token) : undefined),

    init(s: DemoSession, game: string) {
      const open = s.blackjack.get(game);
      return { balance: s.balance, fairness: fairness(s), open: open ? blackjackReply(s, open) : null };
    },

    /** One round of a slot, baccarat or roulette with the session's fun balance. */
    async play(s: DemoSession, input: Omit<PlayInput, 'playerId' | 'token'> & { engine: Engine }) {
      const seed = nextSeed(s);
      const { outcome, stake, payout } = await outcomeOf(
        {
          ...input,
          playerId: 'demo',
          token: '',
          laPartage: input.engine === 'roulette' && s.rules.laPartage,
        },
        seed,
      );
      if (stake > s.balance) {
        s.nonce--;
        return refuse('balance', 'not enough fun money', s.balance);
      }
      s.balance += payout - stake;
      const roundId = `H${++s.rounds}`;
      const reply = {
        status: 'success' as const,
        roundId,
        outcome,
        stake,
        payout,
        balance: s.balance,
        nonce: seed.nonce,
      };
      // Demo slots draw no jackpot: the pool is real money.
      if (input.engine !== 'slot') return reply;
      return { ...reply, jackpot: NO_JACKPOT };
    },

    async deal(s: DemoSession, game: string, bet: number) {
      if (s.blackjack.has(game)) return refuse('invalid', 'finish the open round first');
      if (bet > s.balance) return refuse('balance', 'not enough fun money', s.balance);
      const seed = nextSeed(s);
      const state = startRound(bet, await floatsFor(seed, MAX_CARDS), {
        dealerHitsSoft17: s.rules.dealerHitsSoft17,
      });
      s.balance -= bet;
      const round = { roundId: `H${++s.rounds}`, nonce: seed.nonce, state };
      return this.settleIfDone(s, game, round);
    },

    async move(s: DemoSession, roundId: string, move: BlackjackMove) {
      const entry = [...s.blackjack.entries()].find(([, r]) => r.roundId === roundId);
      if (!entry) return refuse('invalid', 'no such open round');
      const [game, round] = entry;
      const extra = extraStake(round.state, move);
      if (extra > s.balance) return refuse('balance', 'not enough fun money', s.balance);
      const floats = await floatsFor(
        { serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: round.nonce },
        MAX_CARDS,
      );
      try {
        round.state = applyMove(round.state, move, floats);
      } catch (error) {
        if (error instanceof IllegalMove) return refuse('invalid', error.message);
        throw error;
      }
      s.balance -= extra;
      return this.settleIfDone(s, game, round);
    },

    settleIfDone(
      s: DemoSession,
      game: string,
      round: { roundId: string; nonce: number; state: BlackjackState },
    ) {
      if (round.state.phase === 'done') {
        s.balance += totalReturn(round.state);
        s.blackjack.delete(game);
      } else s.blackjack.set(game, round);
      return { status: 'success' as const, ...blackjackReply(s, round) };
    },

    /**
     * A new client seed: the demo's server seed is shown and a new one committed, as in real play;
     * refused, as in real play, while a blackjack round dealt from it is open.
     */
    rotate(s: DemoSession, clientSeed: string) {
      if (s.blackjack.size > 0) return { status: 'round_open' as const };
      const revealed = {
        serverSeed: s.serverSeed,
        serverSeedHash: sha256Hex(s.serverSeed),
        clientSeed: s.clientSeed,
        rounds: s.nonce,
      };
      Object.assign(s, { serverSeed: newSeed().serverSeed, clientSeed, nonce: 0 });
      return { status: 'success' as const, revealed, fairness: fairness(s) };
    },
  };
}

export type DemoTables = ReturnType<typeof demoTables>;
