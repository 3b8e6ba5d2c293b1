import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../src/server/modules/games/provider.ts';

export const STAKE = 100;

/**
 * What a round pays, as multiples of the stake, like a slot's paytable: about 60 % of rounds lose, the
 * rest pay from half the stake to 100 times it (return to player about 90 %).
 */
const PAYTABLE: ReadonlyArray<{ chance: number; pays: number }> = [
  { chance: 0.0015, pays: 100 },
  { chance: 0.01, pays: 20 },
  { chance: 0.04, pays: 5 },
  { chance: 0.08, pays: 2 },
  { chance: 0.12, pays: 1 },
  { chance: 0.15, pays: 0.5 },
];

/** The win of a round, drawn from the paytable by a hash of the seed and the round id (repeatable). */
export function winOf(seed: string, round: string): number {
  const draw = createHash('sha256').update(`${seed}:${round}`).digest().readUInt32BE(0) / 2 ** 32;
  let cumulative = 0;
  for (const line of PAYTABLE) {
    cumulative += line.chance;
    if (draw < cumulative) return Math.round(STAKE * line.pays);
  }
  return 0;
}

/** Count and sum of wins: those sent, and those the wallet acknowledged (HTTP 200, status success). */
export type WinTally = { count: number; sum: number };

/**
 * bench:wallet's load, shared with bench:sportsbook: each connection plays as one player, a signed
 * `bet` of STAKE then the `win` that closes the round, its amount from the paytable, for `seconds`.
 * autocannon resets a connection's context each time its request sequence restarts, so nothing that
 * must last longer than one bet+win pair is kept there: the round id is random and its win is drawn
 * from it, the player comes from the connection's position in the token list.
 */
export function walletLoad(opts: {
  url: string;
  secret: string;
  gameTokens: string[];
  clients: number;
  seconds: number;
  seed?: string;
}) {
  const seed = opts.seed ?? 'bench-wallet';
  const sent: WinTally = { count: 0, sum: 0 };
  const paid: WinTally = { count: 0, sum: 0 };
  let connection = 0;
  const signed = (body: string) => ({
    'content-type': 'application/json',
    [WALLET_SIGNATURE_HEADER]: hmacSign(opts.secret, body),
  });
  type Context = { token?: string; round?: string; win?: number };
  const run = autocannon({
    url: opts.url,
    connections: opts.clients,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: '/wallet/house/bet',
        setupRequest: (req, context) => {
          const ctx = context as Context;
          ctx.token = opts.gameTokens[connection++ % opts.gameTokens.length];
          ctx.round = randomBytes(8).toString('hex');
          const body = JSON.stringify({
            txId: `b-${ctx.round}`,
            roundId: ctx.round,
            token: ctx.token,
            amount: STAKE,
          });
          return { ...req, body, headers: signed(body) };
        },
      },
      {
        method: 'POST',
        path: '/wallet/house/win',
        setupRequest: (req, context) => {
          const ctx = context as Context;
          ctx.win = winOf(seed, ctx.round!);
          if (ctx.win > 0) {
            sent.count += 1;
            sent.sum += ctx.win;
          }
          const body = JSON.stringify({
            txId: `w-${ctx.round}`,
            roundId: ctx.round,
            amount: ctx.win,
            closeRound: true,
          });
          return { ...req, body, headers: signed(body) };
        },
        onResponse: (status, body, context) => {
          const win = (context as Context).win ?? 0;
          if (status === 200 && win > 0 && (JSON.parse(body) as { status?: string }).status === 'success') {
            paid.count += 1;
            paid.sum += win;
          }
        },
      },
    ],
  });
  return { run, sent, paid };
}
