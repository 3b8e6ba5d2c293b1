import { expect } from 'vitest';
import { DEMO_SITES } from '../../src/server/db/seed-demo.ts';
import { approveDeposit } from '../../src/server/modules/cashier/deposits.service.ts';
import { memberIdOf, nextCode } from './money.ts';
import { type CallOptions, newMember, type TestApp } from './test-app.ts';

/**
 * The demo's two sites on one database (useTestApp's `seedDemo`): Thai in baht, the default site that
 * answers calls with no host, and Korean in won, reached by its host.
 */
export const TH_SITE: CallOptions = {};
export const KO_SITE: CallOptions = {
  headers: { host: DEMO_SITES.ko.host, origin: `http://${DEMO_SITES.ko.host}` },
};

/**
 * A member registered (with a bank of the site's list) and logged in on `site`: their login id, member
 * id and token, and `as`, the call options of that session on that site.
 */
export async function memberOn(t: TestApp, site: CallOptions = TH_SITE) {
  const member = newMember({ bankname: await t.siteBank(site) });
  expect((await t.call('user-register', member, site)).json().status).toBe('success');
  const login = await t.call('user-do-login', { id: member.id, pw: member.pw }, site);
  const token = login.json().token as string;
  return { loginId: member.id, token, id: await memberIdOf(t.db, member.id), as: { ...site, token } };
}

/** A member of `site` with `funds` deposited (approved) who opened the sportsbook there: its game token and member id. */
export async function bettorOn(t: TestApp, site: CallOptions, funds: number) {
  const { id, as } = await memberOn(t, site);
  const dep = await t.call('apply-user-deposit', { balance: funds, code: nextCode() }, as);
  expect(dep.statusCode).toBe(200);
  await approveDeposit(t.db, dep.json().requestId, { by: 'test-operator' });
  const open = await t.call('open-game', { code: 'sportsbook', company: 'royal-sports' }, as);
  expect(open.statusCode).toBe(200);
  const gameToken = new URL(open.json().url, 'http://x').searchParams.get('token')!;
  return { gameToken, memberId: id };
}
