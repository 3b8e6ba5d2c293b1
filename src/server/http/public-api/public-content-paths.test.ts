import { describe, expect, it } from 'vitest';
import { fund, memberIdOf } from '../../../../test/support/money.ts';
import { publicLogin, trackedPublicCalls } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { sendNote } from '../../modules/inbox/notes.service.ts';
import { answerTicket } from '../../modules/support/help-tickets.service.ts';

type Row = Record<string, unknown>;

/** Every `/public/community/`, `/public/slot/` and `/public/casino/` path. */
describe.runIf(backendAvailable)('/public/ community, slot and casino paths', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { call, uncalled } = trackedPublicCalls(t);
  async function member() {
    const m = await t.register();
    return { ...m, session: await publicLogin(t, m.id, m.pw), memberId: await memberIdOf(t.db, m.id) };
  }

  it('notices, popups (note[] with idx), banners and events (evens[]) with the older row names', async () => {
    const notices = (await call('community/user_get_notices')).notices as Row[];
    expect(notices[0]).toMatchObject({ _id: notices[0]!.id, text: notices[0]!.contents });
    expect(notices[0]!.regdate).toBe(notices[0]!.lastDate);
    const popup = await call('community/user_get_notice_popup');
    const note = (popup.note as Row[])[0]!;
    expect(note).toMatchObject({ idx: note.id, title_color: note.titleColor });
    const ads = await call('community/user_get_advertisement', { type: 'jackpot' });
    expect((ads.banners as Row[]).length).toBeGreaterThan(0);
    expect(await call('community/user_get_advertisement', { type: 'nope' })).toMatchObject({
      status: 'invalid',
    });
    const events = await call('community/get_event_list');
    expect(events.evens).toEqual(events.banners);
  });

  it('notes: latest, list, read one, delete one, read all, delete all', async () => {
    const m = await member();
    const sent: { id: number }[] = [];
    for (const title of ['first', 'second', 'third']) {
      sent.push(
        await sendNote(t.db, {
          target: 'member',
          memberId: m.memberId,
          title,
          contents: `${title} body`,
          sentBy: 'op',
        }),
      );
    }
    const latest = await call('community/usre_get_note', {}, m.session);
    expect(latest).toMatchObject({
      noteCount: 3,
      latest: { title: 'third', text: 'third body', isRead: 'n' },
    });
    expect(await call('community/usre_do_read_note', { id: String(sent[0]!.id) }, m.session)).toMatchObject({
      status: 'success',
    });
    const answer = await call('community/usre_get_note_list', {}, m.session);
    const list = answer.notes as Row[];
    expect(list.find((n) => n.id === sent[0]!.id)).toMatchObject({ read: true, isRead: 'y' });
    // Older front ends read the same rows as `note`, an array (as they read popups), each with its idx.
    expect((answer.note as Row[]).map((n) => n.idx)).toEqual(list.map((n) => n.id));
    expect((answer.note as Row[])[0]).toMatchObject({ title: list[0]!.title, isRead: list[0]!.isRead });
    expect(await call('community/usre_do_del_note', { id: sent[1]!.id }, m.session)).toMatchObject({
      status: 'success',
    });
    expect(await call('community/usre_do_del_note', { id: 999_999 }, m.session)).toMatchObject({
      status: 'not_found',
    });
    expect(await call('community/do_read_all_note', {}, m.session)).toMatchObject({ status: 'success' });
    expect(await call('community/usre_get_note', {}, m.session)).toMatchObject({ noteCount: 0 });
    expect(await call('community/do_del_all_note', {}, m.session)).toMatchObject({ status: 'success' });
    expect(await call('community/usre_get_note_list', {}, m.session)).toMatchObject({ maxCount: 0 });
  });

  it('help: write, list with answer under ref.contents, unread count, read, delete one and all', async () => {
    const m = await member();
    expect(await call('community/user_wirte_help', { title: '', contents: 'x' }, m.session)).toMatchObject({
      status: 'invalid',
      msg: 'msg2024',
    });
    await call('community/user_wirte_help', { title: 'Q1', contents: 'where?' }, m.session);
    await call('community/user_wirte_help', { title: 'Q2', contents: 'when?' }, m.session);
    let helps = (await call('community/get_help_list', {}, m.session)).helps as Row[];
    await answerTicket(t.db, helps[1]!.id as number, 'op', 'here.');
    expect(await call('community/admin_get_help_no_read_message', {}, m.session)).toMatchObject({ count: 1 });
    helps = (await call('community/get_help_list', {}, m.session)).helps as Row[];
    expect(helps[1]).toMatchObject({ title: 'Q1', answer: 'here.', ref: { contents: 'here.' }, isRead: 'n' });
    await call('community/admin_do_help_message_read', { id: helps[1]!.id }, m.session);
    expect(await call('community/admin_get_help_no_read_message', {}, m.session)).toMatchObject({ count: 0 });
    expect(await call('community/user_del_help', { id: helps[0]!.id }, m.session)).toMatchObject({
      status: 'success',
    });
    expect((await call('community/get_help_list', {}, m.session)).maxCount).toBe(1);
    expect(await call('community/admin_del_all_help', {}, m.session)).toMatchObject({ status: 'success' });
    expect((await call('community/get_help_list', {}, m.session)).maxCount).toBe(0);
  });

  it('none_login_write takes a guest question; user_ask_account_wirte_help opens one account request', async () => {
    expect(
      await call('community/none_login_write', {
        name: 'Guest',
        phone: '010-1111-2222',
        title: 'Locked out',
        contents: 'help',
      }),
    ).toMatchObject({ status: 'success' });
    const m = await member();
    expect(await call('community/user_ask_account_wirte_help', {}, m.session)).toMatchObject({
      status: 'success',
    });
    expect(await call('community/user_ask_account_wirte_help', {}, m.session)).toMatchObject({
      status: 'alread',
    });
  });

  it('settings: casino (casiono with mobileImg), slot and sport; a provider’s games by code or English name', async () => {
    for (const mod of ['slot', 'casino']) {
      const casino = (await call(`${mod}/get_casino_setting`)).casiono as Row[];
      expect(casino[0]).toMatchObject({ mobileImg: casino[0]!.imgUrl, used: 'y' });
      expect(((await call(`${mod}/get_slot_setting`)).slot as Row[]).length).toBeGreaterThan(0);
      expect(await call(`${mod}/get_sport_setting`)).toMatchObject({ status: 'success' });
      const byCode = (await call(`${mod}/get_slot_by_company`, { company: 'royal-slots' })).games as Row[];
      const byName = (await call(`${mod}/get_slot_by_company`, { company: 'Royal Slots' })).games as Row[];
      expect(byName).toEqual(byCode);
      expect(byCode.map((g) => g.code)).toContain('lucky-sevens');
    }
  });

  it('open_game / user_open_slotv4: an absolute gameUrl that loads; a vendor alone opens its lobby', async () => {
    const m = await member();
    for (const mod of ['slot', 'casino']) {
      for (const name of ['open_game', 'user_open_slotv4']) {
        const opened = await call(
          `${mod}/${name}`,
          { code: 'lucky-sevens', company: 'Royal Slots' },
          m.session,
        );
        expect(opened.gameUrl).toMatch(/^http:\/\/localhost(:80)?\/play\/lucky-sevens\?token=/);
        expect(opened.url).toBe(opened.gameUrl);
      }
    }
    const lobby = await call('slot/open_game', { company: 'royal-baccarat' }, m.session);
    expect(String(lobby.gameUrl)).toContain('/play/baccarat?');
    expect(await call('slot/open_game', { code: 'nope', company: 'royal-slots' }, m.session)).toMatchObject({
      status: 'disabled',
      msg: 'msg2002',
    });
    expect(await call('slot/open_game', { code: 'lucky-sevens', company: 'royal-slots' })).toMatchObject({
      status: 'unauthorized',
    });
  });

  it('in-game balance, bet lists under `bets`, and transfers answered clearly when every provider is seamless', async () => {
    const m = await member();
    await fund(t, m.session, 20_000);
    for (const mod of ['slot', 'casino']) {
      expect(await call(`${mod}/get_in_game_balance`, {}, m.session)).toMatchObject({
        balance: 20_000,
        gameMoney: 0,
      });
      expect(await call(`${mod}/get_slot_bets_list`, {}, m.session)).toMatchObject({ maxCount: 0, list: [] });
      expect(await call(`${mod}/get_slot_bets`, { skip: 0 }, m.session)).toMatchObject({
        maxCount: 0,
        bets: [],
      });
      for (const name of ['user_transfer_in', 'user_withdraw']) {
        expect(await call(`${mod}/${name}`, { balance: 10_000 }, m.session)).toMatchObject({
          status: 'seamless',
          msg: 'msg3040',
        });
      }
    }
  });

  it('covers every path of community/, slot/ and casino/', () => {
    // withdrawV3 is covered with the balance paths.
    expect(uncalled(['community', 'slot', 'casino'], ['withdrawV3'])).toEqual([]);
  });
});
