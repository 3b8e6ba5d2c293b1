import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../src/server/modules/games/wallet/wallet-signature.ts';

/**
 * bench:wallet's load, shared with bench:sportsbook: each connection plays as one player, a signed
 * `bet` then the `win` that closes the round (a win of 200 every third round), for `seconds`.
 */
export function walletLoad(opts: {
  url: string;
  secret: string;
  gameTokens: string[];
  clients: number;
  seconds: number;
}) {
  let connection = 0;
  const signed = (body: string) => ({
    'content-type': 'application/json',
    [WALLET_SIGNATURE_HEADER]: hmacSign(opts.secret, body),
  });
  return autocannon({
    url: opts.url,
    connections: opts.clients,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: '/wallet/house/bet',
        setupRequest: (req, context) => {
          const ctx = context as { token?: string; seq?: number; round?: string };
          ctx.token ??= opts.gameTokens[connection++ % opts.gameTokens.length];
          ctx.seq = (ctx.seq ?? 0) + 1;
          ctx.round = `${randomBytes(6).toString('hex')}-${ctx.seq}`;
          const body = JSON.stringify({
            txId: `b-${ctx.round}`,
            roundId: ctx.round,
            token: ctx.token,
            amount: 100,
          });
          return { ...req, body, headers: signed(body) };
        },
      },
      {
        method: 'POST',
        path: '/wallet/house/win',
        setupRequest: (req, context) => {
          const ctx = context as { round?: string; seq?: number };
          const amount = (ctx.seq ?? 0) % 3 === 0 ? 200 : 0;
          const body = JSON.stringify({
            txId: `w-${ctx.round}`,
            roundId: ctx.round,
            amount,
            closeRound: true,
          });
          return { ...req, body, headers: signed(body) };
        },
      },
    ],
  });
}
