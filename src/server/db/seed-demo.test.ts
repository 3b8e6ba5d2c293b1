import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { DEMO_MEMBER, DEMO_MEMBER_KO, DEMO_SITES, seedDemo } from './seed-demo.ts';

/** What may stay in Latin letters in the demo operator's Thai: the mark, the login, the brand, messengers. */
const LATIN_KEPT = ['[DEMO]', 'demo / demo1234', 'Royal Casino', 'Telegram', 'KakaoTalk'];
const THAI = /[\u0E00-\u0E7F]/;

/** The text a player reads, without markup and the Latin words the operator keeps. */
const shown = (text: string) =>
  LATIN_KEPT.reduce((rest, kept) => rest.split(kept).join(' '), text.replace(/<[^>]*>/g, ' '));

describe.runIf(backendAvailable)('the demo data set', () => {
  const t = useTestApp({}, { seedDemo: true });

  it("speaks the Thai-default site's language: notices, popup, banners, messenger contacts and the welcome note", async () => {
    const notices = (await t.call('get-user-notices', {})).json().notices as {
      title: string;
      contents: string;
    }[];
    const [popup] = (await t.call('get-notice-popup', {})).json().popups as {
      title: string;
      contents: string;
    }[];
    const banners = [
      ...(await t.call('get-advertisement', { type: 'jackpot' })).json().banners,
      ...(await t.call('get-advertisement', { type: 'home' })).json().banners,
    ] as { title: string; text: string }[];
    const links = (await t.call('get-reg-domain', {})).json().site.messengerLinks as { label: string }[];
    const login = await t.call('user-do-login', { id: DEMO_MEMBER.id, pw: DEMO_MEMBER.pw });
    const notes = (await t.call('get-note-list', {}, { token: login.json().token })).json().notes as {
      title: string;
      contents: string;
    }[];

    expect(notices).toHaveLength(3);
    expect(popup).toBeDefined();
    expect(banners).toHaveLength(2);
    expect(links).toHaveLength(2);
    expect(notes).toHaveLength(1);
    const titles = [
      ...notices.map((n) => n.title),
      popup!.title,
      ...banners.map((b) => b.title),
      ...links.map((l) => l.label),
      ...notes.map((n) => n.title),
    ];
    const texts = [
      ...notices.map((n) => n.contents),
      popup!.contents,
      ...banners.map((b) => b.text),
      ...notes.map((n) => n.contents),
    ];
    for (const title of titles) expect(title).toMatch(/^\[DEMO\] /);
    for (const text of [...titles, ...texts]) {
      expect(text).toMatch(THAI);
      expect(shown(text)).not.toMatch(/[A-Za-z]{2,}/);
    }
    // The notices still tell the player how to log in and the cashier's step.
    const noticeText = notices.map((n) => n.contents).join('\n');
    expect(noticeText).toContain(`${DEMO_MEMBER.id} / ${DEMO_MEMBER.pw}`);
    expect(noticeText).toContain('100 บาท');
    expect(popup!.contents).toMatch(/^<p><strong>[^<]+<\/strong> [^<]+<\/p>$/);
  });

  it('has two sites on one install: the Thai one in baht and Bangkok time, the Korean one in won and Seoul time, each with its member and content', async () => {
    const ko = { headers: { host: DEMO_SITES.ko.host, origin: `http://${DEMO_SITES.ko.host}` } };
    const thSite = (await t.call('get-reg-domain', {})).json().site;
    const koSite = (await t.call('get-reg-domain', {}, ko)).json().site;
    expect(thSite).toMatchObject({
      currency: 'THB',
      lang: 'th',
      timezone: 'Asia/Bangkok',
      cash: { minimum: 10_000, step: 10_000 },
    });
    expect(koSite).toMatchObject({
      currency: 'KRW',
      lang: 'ko',
      timezone: 'Asia/Seoul',
      cash: { minimum: 10_000, step: 10_000 },
    });

    const th = await t.call('user-do-login', { id: DEMO_MEMBER.id, pw: DEMO_MEMBER.pw });
    const kr = await t.call('user-do-login', { id: DEMO_MEMBER_KO.id, pw: DEMO_MEMBER_KO.pw }, ko);
    const thUser = (await t.call('user-health-check', {}, { token: th.json().token })).json().user;
    const koUser = (await t.call('user-health-check', {}, { ...ko, token: kr.json().token })).json().user;
    expect(thUser).toMatchObject({ currency: 'THB', balance: 1_000_000 });
    expect(koUser).toMatchObject({ currency: 'KRW', balance: 1_000_000 });

    const koNotices = (await t.call('get-user-notices', {}, ko)).json().notices as { title: string }[];
    expect(koNotices).toHaveLength(3);
    for (const n of koNotices) expect(n.title).toMatch(/^\[DEMO\] [\uAC00-\uD7A3 ]+$/);
    // The jackpot went with the Thai site, where the demo slots are played.
    expect((await t.call('get-jackpot', {})).json().jackpot.currency).toBe('THB');
  });

  it('loads only once: a database that has the demo member keeps the content it has', async () => {
    expect(await seedDemo(t.db)).toBe(false);
    expect((await t.call('get-user-notices', {})).json().notices).toHaveLength(3);
    expect((await t.call('get-notice-popup', {})).json().popups).toHaveLength(1);
  });
});
