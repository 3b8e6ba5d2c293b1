import {
  signWalletBody,
  WALLET_SIGNATURE_HEADER,
} from '../../src/server/modules/games/wallet/wallet-signature.ts';
import { fund } from './money.ts';
import type { TestApp } from './test-app.ts';

/** A signed wallet call as the built-in provider sends it. */
export function walletRequest(t: TestApp, op: string, payload: object, secret: string) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/wallet/house/${op}`,
    headers: { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: signWalletBody(secret, body) },
    payload: body,
  });
}

/** A funded member with a launched slot: the member's token and the game token the provider holds. */
export async function launchedPlayer(t: TestApp, funds = 100_000) {
  const { token } = await t.login();
  if (funds > 0) await fund(t, token, funds);
  const res = await t.call('open-game', { code: 'lucky-sevens', company: 'royal-slots' }, { token });
  const url = new URL(res.json().url, 'http://x');
  return { token, gameToken: url.searchParams.get('token')! };
}

let seq = 0;
/** Fresh transaction and round ids. */
export function walletIds() {
  seq += 1;
  return { txId: `tx-${Date.now()}-${seq}`, roundId: `r-${Date.now()}-${seq}` };
}
