import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { firstIssue } from '../../../http/first-issue.ts';
import { hmacSignatureValid } from '../../../http/hmac-signature.ts';
import { memberCards } from '../../accounts/members.service.ts';
import { tableRulesOfSite } from '../../sites/sites.service.ts';
import { hashGameToken } from '../launch.service.ts';
import { WALLET_SIGNATURE_HEADER } from '../provider.ts';
import { walletResettle, walletUnsettle } from './corrections.service.ts';
import { sessionGameCode } from './player-reads.ts';
import {
  isWalletOperation,
  WALLET_HTTP_STATUS,
  type WalletOperation,
  walletRequests,
} from './wallet.schemas.ts';
import {
  type WalletReply,
  walletBet,
  walletJackpot,
  walletPlayer,
  walletRollback,
  walletWin,
} from './wallet.service.ts';
import { bodyHash } from './wallet-signature.ts';

/**
 * The tables' rules of the player's site (la partage, dealer hits soft 17), in the authenticate
 * answer as the currency is: a provider runs each site's members' rounds by their site's rules.
 */
async function playerTableRules(db: Db, memberId: number, config: Config) {
  const siteId = (await memberCards(db, [memberId])).get(memberId)?.siteId;
  return siteId === undefined ? config.houseRules : tableRulesOfSite(db, siteId, config.houseRules);
}

export interface WalletDeps {
  db: Db;
  config: Config;
  /** Each provider's signing secret. */
  secrets: ReadonlyMap<string, string>;
}

/** What the operations themselves use: the in-process transport needs no signing secrets. */
type OperationDeps = Pick<WalletDeps, 'db' | 'config'>;

const reply = (status: string, message: string): WalletReply => ({ status, message });

/** One wallet call, its body checked against its operation's schema. */
type Operation<O extends WalletOperation> = (
  body: z.infer<(typeof walletRequests)[O]>,
  call: { deps: OperationDeps; provider: string; hash: string },
) => Promise<WalletReply>;

/** What each operation does with its checked body. */
const OPERATIONS: { [O in WalletOperation]: Operation<O> } = {
  authenticate: async (body, { deps, provider }) => {
    const player = await walletPlayer(deps.db, provider, body.token, deps.config.sessionIdleMs);
    if (player.status === 'success') {
      player.tableRules = await playerTableRules(deps.db, Number(player.playerId), deps.config);
      player.gameCode = await sessionGameCode(deps.db, provider, hashGameToken(body.token));
    }
    return player;
  },
  balance: (body, { deps, provider }) =>
    walletPlayer(deps.db, provider, body.token, deps.config.sessionIdleMs),
  bet: (body, { deps, provider, hash }) => walletBet(deps.db, deps.config, provider, hash, body),
  win: (body, { deps, provider, hash }) => walletWin(deps.db, provider, hash, body),
  rollback: (body, { deps, provider, hash }) => walletRollback(deps.db, provider, hash, body),
  jackpot: (body, { deps, provider, hash }) => walletJackpot(deps.db, provider, hash, body),
  unsettle: (body, { deps, provider, hash }) => walletUnsettle(deps.db, provider, hash, body),
  resettle: (body, { deps, provider, hash }) => walletResettle(deps.db, provider, hash, body),
};

/** A wallet call's reply and the HTTP status the wallet API answers it with. */
export interface WalletAnswered {
  status: number;
  reply: WalletReply;
}

/**
 * Answers one wallet call whose caller is already known to be `provider` (its signature checked, or
 * this process's own code): the body parsed and checked against its operation's schema, then run by
 * the operation (OPERATIONS). The one path every wallet call takes, over HTTP or in process.
 */
export async function answerWalletCall(
  deps: OperationDeps,
  provider: string,
  op: string,
  raw: Buffer,
): Promise<WalletAnswered> {
  const answered = (body: WalletReply) => ({ status: WALLET_HTTP_STATUS[body.status] ?? 400, reply: body });
  if (!isWalletOperation(op)) return { status: 404, reply: reply('not_found', 'no such wallet operation') };
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return answered(reply('invalid', 'body is not JSON'));
  }
  const parsed = walletRequests[op].safeParse(json);
  if (!parsed.success) {
    return answered(reply('invalid', firstIssue(parsed.error)));
  }
  // The schema and the operation are picked by the same `op`: TypeScript cannot tie the two (a
  // correlated union), so the checked body is handed over untyped.
  const operation = OPERATIONS[op] as Operation<WalletOperation>;
  return answered(await operation(parsed.data as never, { deps, provider, hash: bodyHash(raw) }));
}

/**
 * The wallet API in this process, for a built-in provider (the house games, the sportsbook) when the
 * wallet runs in the same process: the same operations, checks, idempotency (the body's hash) and
 * replies as POST /wallet/<provider>/<op>, without the loopback HTTP request and its signature.
 */
export function inProcessWallet(deps: OperationDeps, provider: string) {
  return (op: string, body: string): Promise<WalletAnswered> =>
    answerWalletCall(deps, provider, op, Buffer.from(body, 'utf8'));
}

/**
 * POST /wallet/<provider>/<operation>: the seamless wallet game providers call. The signature is
 * checked over the raw bytes before anything is parsed; every reply carries a status word.
 */
export async function walletApi(app: FastifyInstance, deps: WalletDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { provider: string; op: string } }>(
      '/wallet/:provider/:op',
      // Server-to-server JSON: the browser security headers would only cost time on the hot path.
      { config: { securityHeaders: false } },
      async (request, res) => {
        const { provider, op } = request.params;
        const secret = deps.secrets.get(provider);
        if (!secret || !isWalletOperation(op))
          return res.code(404).send(reply('not_found', 'no such wallet operation'));
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!hmacSignatureValid(secret, raw, request.headers[WALLET_SIGNATURE_HEADER])) {
          request.log.warn({ provider, op, ip: request.ip }, 'wallet call with a bad signature refused');
          return res.code(401).send(reply('forbidden', 'bad or missing signature'));
        }
        const { status, reply: body } = await answerWalletCall(deps, provider, op, raw);
        return res.code(status).send(body);
      },
    );
  });
}
