import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { hmacSignatureValid } from '../../../http/hmac-signature.ts';
import { memberCards } from '../../accounts/members.service.ts';
import { tableRulesOfSite } from '../../sites/sites.service.ts';
import { WALLET_SIGNATURE_HEADER } from '../provider.ts';
import { walletResettle, walletUnsettle } from './corrections.service.ts';
import { isWalletOperation, WALLET_HTTP_STATUS, walletRequests } from './wallet.schemas.ts';
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

const reply = (status: string, message: string): WalletReply => ({ status, message });

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
      { helmet: false },
      async (request, res) => {
        const { provider, op } = request.params;
        const secret = deps.secrets.get(provider);
        const send = (body: WalletReply) => res.code(WALLET_HTTP_STATUS[body.status] ?? 400).send(body);
        if (!secret || !isWalletOperation(op))
          return res.code(404).send(reply('not_found', 'no such wallet operation'));
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!hmacSignatureValid(secret, raw, request.headers[WALLET_SIGNATURE_HEADER])) {
          request.log.warn({ provider, op, ip: request.ip }, 'wallet call with a bad signature refused');
          return res.code(401).send(reply('forbidden', 'bad or missing signature'));
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return send(reply('invalid', 'body is not JSON'));
        }
        const hash = bodyHash(raw);
        switch (op) {
          case 'authenticate':
          case 'balance': {
            const body = walletRequests[op].safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            const player = await walletPlayer(deps.db, provider, body.data.token, deps.config.sessionIdleMs);
            if (op === 'authenticate' && player.status === 'success')
              player.tableRules = await playerTableRules(deps.db, Number(player.playerId), deps.config);
            return send(player);
          }
          case 'bet': {
            const body = walletRequests.bet.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletBet(deps.db, deps.config, provider, hash, body.data));
          }
          case 'win': {
            const body = walletRequests.win.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletWin(deps.db, provider, hash, body.data));
          }
          case 'rollback': {
            const body = walletRequests.rollback.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletRollback(deps.db, provider, hash, body.data));
          }
          case 'jackpot': {
            const body = walletRequests.jackpot.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletJackpot(deps.db, provider, hash, body.data));
          }
          case 'unsettle': {
            const body = walletRequests.unsettle.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletUnsettle(deps.db, provider, hash, body.data));
          }
          case 'resettle': {
            const body = walletRequests.resettle.safeParse(json);
            if (!body.success) return send(reply('invalid', body.error.issues[0]?.message ?? 'invalid body'));
            return send(await walletResettle(deps.db, provider, hash, body.data));
          }
        }
      },
    );
  });
}
