import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { olderRegistration, publicData } from '../../../../test/support/public-api.ts';
import { newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/** A stand-in build of the site, so a game URL is answered by the game window's page as in production. */
function fakeWebRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'public-journey-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(dir, 'play.html'), '<!doctype html><title>game window</title>');
  return dir;
}

type Row = Record<string, unknown>;

/**
 * A member's whole visit through `/public/` only, as a front end of the older family makes it.
 * The operator's part (approving the deposit, sending a note) goes through the back office API.
 */
describe.runIf(backendAvailable)('/public/ journey of an older front end', () => {
  // The game window's server reaches the wallet API over HTTP, as an outside provider would.
  const t = useTestApp(
    { webRoot: fakeWebRoot(), houseWalletSecret: 'journey-secret' },
    { seedDemo: true, listen: true },
  );
  const { as } = useOperators(t);

  it('registers, logs in, banks, uses the vault, writes help, reads notes, plays, changes the password', async () => {
    const p = (path: string, body: unknown = {}, session?: string) => publicData(t, path, body, { session });
    const m = newMember();

    // Register with the older field set and the demo member's referral code.
    expect(await p('user/check_user_code', { code: 'DEMO0001' })).toMatchObject({ status: 'success' });
    const reg = olderRegistration(m);
    expect(await p('user/reg', reg)).toMatchObject({ status: 'success' });

    // Log in; every later call carries the session header.
    const login = await p('user/do_login', { id: m.id, pw: m.pw });
    const session = login.session as string;
    const health = await p('user/user_health_check', {}, session);
    expect(health).toMatchObject({
      status: 'success',
      noteCount: 0,
      helpCount: 0,
      user: { id: m.id, point: 0, balance: 0 },
    });

    // Deposit request, then a second one is `wait`; a withdrawal over the balance is `balance`.
    expect(await p('balance/apply_user_deposit', { balance: 100_000 }, session)).toMatchObject({
      status: 'success',
    });
    expect(await p('balance/apply_user_deposit', { balance: 50_000 }, session)).toMatchObject({
      status: 'wait',
    });
    expect(await p('balance/apply_user_withdraw', { balance: 10_000 }, session)).toMatchObject({
      status: 'balance',
    });
    const [request] = (await p('balance/get_deposit_list', {}, session)).deposits as Row[];
    const approved = await as('cashier').post(`/api/admin/cashier/deposit/${request!.id}/approve`, {});
    expect(approved.json()).toMatchObject({ status: 'success' });
    expect(await p('slot/get_in_game_balance', {}, session)).toMatchObject({ balance: 100_000 });

    // Vault in and out: the cash and `point` move through the ledger.
    expect(await p('user/money_to_point', { balance: 60_000 }, session)).toMatchObject({
      balance: 40_000,
      point: 60_000,
    });
    expect(await p('user/point_to_money', { point: 70_000 }, session)).toMatchObject({ status: 'balance' });
    expect(await p('user/point_to_money', { point: 20_000 }, session)).toMatchObject({
      balance: 60_000,
      point: 40_000,
    });
    expect((await p('user/get_member', {}, session)).user).toMatchObject({ balance: 60_000, point: 40_000 });

    // Help written and listed.
    expect(
      await p('community/user_wirte_help', { title: 'Bonus?', contents: 'Is there one?' }, session),
    ).toMatchObject({ status: 'success' });
    const helps = await p('community/get_help_list', {}, session);
    expect(helps).toMatchObject({ maxCount: 1, helps: [{ title: 'Bonus?', text: 'Is there one?' }] });

    // A note from the operator: counted, read, no longer counted (beside the note that told of the deposit).
    const before = (await p('user/user_health_check', {}, session)).noteCount as number;
    const memberId = await memberIdOf(t.db, m.id);
    await as('owner').post('/api/admin/notes', {
      target: 'member',
      memberId,
      title: 'Welcome',
      contents: 'Hi!',
    });
    expect(await p('user/user_health_check', {}, session)).toMatchObject({ noteCount: before + 1 });
    const [note] = (await p('community/usre_get_note_list', {}, session)).notes as Row[];
    expect(note).toMatchObject({ title: 'Welcome', text: 'Hi!', isRead: 'n' });
    await p('community/usre_do_read_note', { id: note!._id }, session);
    expect(await p('user/user_health_check', {}, session)).toMatchObject({ noteCount: before });

    // A slot provider's games, and one opened: an absolute URL whose page and game session load.
    const [provider] = (await p('slot/get_slot_setting')).slot as Row[];
    const [game] = (await p('slot/get_slot_by_company', { company: provider!.nameEn }, session))
      .games as Row[];
    const opened = await p('slot/user_open_slotv4', { code: game!.code, company: provider!.nameEn }, session);
    const url = new URL(String(opened.gameUrl));
    expect(url.protocol).toMatch(/^https?:$/);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('game window');
    const init = await t.app.inject({
      method: 'POST',
      url: '/house/api/init',
      payload: { token: url.searchParams.get('token'), game: game!.code },
    });
    expect(init.json()).toMatchObject({ status: 'success', balance: 60_000 });

    // Password changed, then the new one logs in and the old one no longer does.
    expect(await p('user/user_exchange_to_pass', { pass: 'brandnew42' }, session)).toMatchObject({
      status: 'success',
    });
    expect(await p('user/do_login', { id: m.id, pw: m.pw })).toMatchObject({
      status: 'invalid',
      msg: 'msg2030',
    });
    expect(await p('user/do_login', { id: m.id, pw: 'brandnew42' })).toMatchObject({ status: 'success' });
  });
});
