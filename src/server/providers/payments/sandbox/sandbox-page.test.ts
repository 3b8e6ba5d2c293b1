import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextCode } from '../../../../../test/support/money.ts';
import { newMember, useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { paymentOptions, sites } from '../../../db/schema.ts';

const COIN = { currency: 'USDT', network: 'TRON (TRC-20)', minorPerCoin: 1_400 };

describe.runIf(backendAvailable)('the sandbox payment page', () => {
  const t = useTestApp({ sandboxPspSecret: 'sandbox-page-secret' });
  const option: Record<string, number> = {};
  let siteId = 0;

  const setCoin = async (coinDeposit: typeof COIN | undefined) => {
    const [site] = await t.db.select().from(sites).where(eq(sites.id, siteId));
    await t.db
      .update(sites)
      .set({ settings: { ...site!.settings, coinDeposit } })
      .where(eq(sites.id, siteId));
  };

  beforeAll(async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    siteId = site!.id;
    const rows = await t.db
      .insert(paymentOptions)
      .values([
        { siteId, direction: 'deposit', kind: 'card', provider: 'sandbox', name: 'Visa test' },
        { siteId, direction: 'deposit', kind: 'coin', provider: 'sandbox', name: 'Tether' },
      ])
      .returning();
    for (const row of rows) option[row.name] = row.id;
    await setCoin(COIN);
  });

  async function depositPage(idx: number, balance: number, query = '?lang=en', cookie?: string) {
    const { token } = await t.login();
    const started = await t.call('apply-deposit-payment', { balance, code: nextCode(), idx }, { token });
    expect(started.json(), started.body).toMatchObject({ status: 'success' });
    const url: string = started.json().launcherUrl;
    const page = await t.app.inject({
      method: 'GET',
      url: `${url}${query}`,
      headers: cookie ? { cookie } : {},
    });
    expect(page.statusCode).toBe(200);
    return { body: page.body, url };
  }

  it('shows a coin deposit as cryptocurrency with its network, an address and both amounts', async () => {
    const first = await depositPage(option.Tether!, 50_000);
    expect(first.body).toContain('<dt>Method</dt><dd>Cryptocurrency</dd>');
    expect(first.body).toContain('Tether');
    expect(first.body).toContain('TRON (TRC-20)');
    // 50,000 KRW at 1,400 KRW per USDT is 35.714…, rounded up so the deposit is covered.
    expect(first.body).toContain('35.72 USDT');
    expect(first.body).toContain('₩50,000');
    expect(first.body).toContain('1 USDT = ₩1,400');
    expect(first.body).not.toContain('Sandbox card');
    const address = first.body.match(
      /data-testid="coin-address"[^>]*>(SANDBOX[1-9A-HJ-NP-Za-km-z]{27})</,
    )?.[1];
    expect(address).toBeDefined();
    // The same deposit shows the same address; another deposit gets another one.
    const again = await t.app.inject({ method: 'GET', url: `${first.url}?lang=en` });
    expect(again.body).toContain(address);
    const second = await depositPage(option.Tether!, 50_000);
    expect(second.body).not.toContain(address);
    expect(first.body).toContain('never send real coins');
  });

  it('shows a card deposit as a card with a test card, and no address', async () => {
    const { body } = await depositPage(option['Visa test']!, 30_000);
    expect(body).toContain('<dt>Method</dt><dd>Card</dd>');
    expect(body).toContain('4242 4242 4242 4242');
    expect(body).toContain('TEST PAYMENT: no real money moves');
    expect(body).not.toContain('coin-address');
  });

  it('never invents a coin rate: without one it shows the site currency only and says so', async () => {
    await setCoin(undefined);
    try {
      const { body } = await depositPage(option.Tether!, 20_000);
      expect(body).toContain('No coin rate is set: the amount is shown in KRW only.');
      expect(body).toContain('₩20,000');
      expect(body).not.toContain('USDT');
    } finally {
      await setCoin(COIN);
    }
  });

  it("speaks the member's language: ?lang first, then the site's lang cookie, then Thai", async () => {
    const ko = await depositPage(option.Tether!, 10_000, '?lang=ko', 'lang=jp');
    expect(ko.body).toContain('<html lang="ko">');
    expect(ko.body).toContain('암호화폐');
    const jp = await depositPage(option.Tether!, 10_000, '', 'lang=jp');
    expect(jp.body).toContain('<html lang="ja">');
    expect(jp.body).toContain('暗号資産');
    const vn = await depositPage(option.Tether!, 10_000, '', 'lang=vn');
    expect(vn.body).toContain('<html lang="vi">');
    expect(vn.body).toContain('7,15 USDT');
    const th = await depositPage(option['Visa test']!, 10_000, '');
    expect(th.body).toContain('<html lang="th">');
    expect(th.body).toContain('ชำระเงินตอนนี้');
    expect(th.body).not.toContain('Pay now');
    // The result of a click keeps the language (the forms carry it).
    expect(th.body).toMatch(/action="\/pay\/sandbox\/deposit\/[^"]+\/confirm\?lang=th"/);
    const missing = await t.app.inject({ method: 'GET', url: '/pay/sandbox/deposit/nope?lang=vn' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Liên kết thanh toán này không hợp lệ.');
  });

  it('quotes the coin in the site’s own currency: a baht site’s deposit and rate with satang', async () => {
    const host = { headers: { host: 'baht.example', origin: 'http://baht.example' } };
    const [baht] = await t.db
      .insert(sites)
      .values({
        code: 'baht',
        name: 'Baht',
        domains: ['baht.example'],
        currency: 'THB',
        settings: { cash: { minimum: 100, step: 100 }, coinDeposit: { ...COIN, minorPerCoin: 3_450 } },
      })
      .returning();
    const [tether] = await t.db
      .insert(paymentOptions)
      .values({ siteId: baht!.id, direction: 'deposit', kind: 'coin', provider: 'sandbox', name: 'Tether' })
      .returning();
    t.app.sites.invalidate();
    const member = newMember({
      id: 'bahtpayer',
      nick: 'bahtpayer',
      bankname: 'Kasikornbank', // a bank of the baht site's list
      bankOwner: 'Somchai',
      banknum: '123-4-56789-0',
    });
    const registered = await t.call('user-register', member, host);
    expect(registered.statusCode, registered.body).toBe(201);
    const token = (await t.call('user-do-login', { id: member.id, pw: member.pw }, host)).json().token;
    // 1,000,000 satang is 10,000 baht; at 34.50 baht a USDT, 289.855… rounded up.
    const started = await t.call(
      'apply-deposit-payment',
      { balance: 1_000_000, code: nextCode(), idx: tether!.id },
      {
        ...host,
        token,
      },
    );
    expect(started.json(), started.body).toMatchObject({ status: 'success' });
    const en = (await t.app.inject({ method: 'GET', url: `${started.json().launcherUrl}?lang=en` })).body;
    expect(en).toContain('289.86 USDT');
    expect(en).toContain('฿10,000.00');
    expect(en).toContain('1 USDT = ฿34.50');
    const th = (await t.app.inject({ method: 'GET', url: `${started.json().launcherUrl}?lang=th` })).body;
    expect(th).toContain('฿10,000.00');
    expect(th).toContain('1 USDT = ฿34.50');
  });
});
