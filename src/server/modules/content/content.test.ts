import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { sites } from '../../db/schema.ts';
import { createBanner, createNotice, createPopup } from './content.service.ts';
import { parseDomainList } from './domain-targeting.ts';

describe.runIf(backendAvailable)('notices, popups and banners', () => {
  const t = useTestApp();
  const onHost = (host: string) => ({ headers: { host, origin: `http://${host}` } });
  const noticeTitles = async (host: string) =>
    (await t.call('get-user-notices', {}, onHost(host)))
      .json()
      .notices.map((n: { title: string }) => n.title);

  it('parses a domain list separated by comma, bar or space', () => {
    expect(parseDomainList(' a.example, b.example|c.example  d.example ')).toEqual([
      'a.example',
      'b.example',
      'c.example',
      'd.example',
    ]);
    expect(parseDomainList('')).toEqual([]);
  });

  it('shows a targeted notice on exactly the sites it names, and an untargeted one everywhere', async () => {
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'];
    await t.db.insert(sites).values(hosts.map((h) => ({ code: h, name: h, domains: [h] })));
    t.app.sites.invalidate();
    await createNotice(t.db, { title: 'Everywhere', contents: 'for all' });
    await createNotice(t.db, {
      title: 'Four sites',
      contents: 'x',
      domain: 'a.example, b.example|c.example d.example',
    });
    await createNotice(t.db, { title: 'Only E', contents: 'x', domain: 'E.EXAMPLE' });
    for (const host of hosts.slice(0, 4))
      expect(await noticeTitles(host), host).toEqual(['Four sites', 'Everywhere']);
    expect(await noticeTitles('e.example')).toEqual(['Only E', 'Everywhere']);
    expect(await noticeTitles('unknown.example')).toEqual(['Everywhere']);
    const first = (await t.call('get-user-notices', { pageSize: 1 }, onHost('a.example'))).json();
    expect(first).toMatchObject({
      maxCount: 2,
      notices: [{ title: 'Four sites', domain: 'a.example, b.example|c.example d.example' }],
    });
  });

  it('serves active popups in their period, sanitised, and only on their sites', async () => {
    const hour = 3_600_000;
    await createPopup(t.db, {
      title: 'Welcome',
      titleColor: '#f5c542',
      contents: '<p onclick="alert(1)">Hi <script>alert(1)</script><b>there</b></p>',
      posX: 10,
      posY: 20,
    });
    await createPopup(t.db, { title: 'Expired', contents: 'x', endsAt: new Date(Date.now() - hour) });
    await createPopup(t.db, { title: 'Future', contents: 'x', startsAt: new Date(Date.now() + hour) });
    await createPopup(t.db, { title: 'Other site', contents: 'x', domain: 'elsewhere.example' });
    const popups = (await t.call('get-notice-popup', {}, onHost('localhost'))).json().popups;
    expect(popups).toEqual([
      {
        id: expect.any(Number),
        title: 'Welcome',
        titleColor: '#f5c542',
        contents: '<p>Hi <b>there</b></p>',
        posX: 10,
        posY: 20,
        domain: '',
      },
    ]);
  });

  it('serves banners by type', async () => {
    await createBanner(t.db, {
      type: 'jackpot',
      title: 'Mega jackpot',
      text: 'Grows with every spin',
      amount: 123_456_789,
    });
    await createBanner(t.db, {
      type: 'home',
      title: 'Welcome bonus',
      imageUrl: '/media/banners/welcome.svg',
      sortOrder: 2,
    });
    await createBanner(t.db, { type: 'home', title: 'Live tables', sortOrder: 1 });
    await createBanner(t.db, { type: 'home', title: 'Hidden', active: false });
    const home = (await t.call('get-advertisement', { type: 'home' })).json().banners;
    expect(home.map((b: { title: string }) => b.title)).toEqual(['Live tables', 'Welcome bonus']);
    const jackpot = (await t.call('get-advertisement', { type: 'jackpot' })).json().banners;
    // The amount is the real pool's, not the one typed in (jackpot-banner.test.ts).
    const pool = (await t.call('get-jackpot', {})).json().jackpot.amount;
    expect(jackpot).toMatchObject([{ title: 'Mega jackpot', amount: pool }]);
    expect((await t.call('get-advertisement', { type: 'side' })).statusCode).toBe(400);
  });
});
