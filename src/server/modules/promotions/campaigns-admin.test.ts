import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { askDeposit } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { auditLog } from '../../db/schema.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';
import { memberBalances } from '../ledger/ledger.service.ts';

const URL = '/api/admin/promotions/campaigns';

/** A first-deposit campaign in baht (the demo's Thai site), open now and for a month. */
export const welcomeCampaign = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome 100%',
  type: 'first_deposit',
  currency: 'THB',
  percentBps: 10_000,
  cap: 500_000,
  minDeposit: 1_000_000,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  wageringMultiple: 10,
  terms: { th: 'โบนัสต้อนรับ 100%', en: 'Welcome bonus 100%' },
  ...overrides,
});

describe.runIf(backendAvailable)('back office: promotion campaigns', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);

  it('creates, lists, edits (audited) and reports a campaign', async () => {
    const created = await as('owner').post(URL, welcomeCampaign());
    expect(created.statusCode).toBe(200);
    const campaign = created.json().campaign;
    expect(campaign).toMatchObject({
      type: 'first_deposit',
      currency: 'THB',
      percentBps: 10_000,
      cap: 500_000,
      wageringBase: 'bonus',
      stakeOrder: 'cash_first',
      slotsBps: 10_000,
      sportsMinOddsNum: 3,
      sportsMinOddsDen: 2,
      expiryDays: 30,
      enabled: true,
    });
    const list = (await as('owner').get(URL)).json();
    expect(list.campaigns.map((c: { id: number }) => c.id)).toContain(campaign.id);

    const edited = await as('owner').post(`${URL}/${campaign.id}`, { maxStake: 50_000, enabled: false });
    expect(edited.json().campaign).toMatchObject({ maxStake: 50_000, enabled: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `promo_campaign:${campaign.id}`))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'promotions.campaign.update' });

    const report = (await as('owner').get(`${URL}/${campaign.id}/report`)).json();
    expect(report).toEqual({
      status: 'success',
      report: {
        granted: { count: 0, amount: 0 },
        active: { count: 0, amount: 0 },
        converted: { count: 0, amount: 0 },
        forfeited: { count: 0, amount: 0 },
        expired: { count: 0, amount: 0 },
        returned: 0,
        cashback: { count: 0, amount: 0 },
        cashbackProtected: 0,
        cost: 0,
      },
      // No replica here: the report says it read the primary.
      readFrom: { source: 'primary', lagSeconds: 0 },
    });
  });

  it('keeps a code to one campaign, in upper case', async () => {
    const code = { type: 'code', percentBps: 0, fixedAmount: 10_000, code: 'spring-26', minDeposit: 0 };
    const first = await as('owner').post(URL, welcomeCampaign(code));
    expect(first.json().campaign.code).toBe('SPRING-26');
    const again = await as('owner').post(URL, welcomeCampaign({ ...code, code: 'SPRING-26' }));
    expect(again.statusCode).toBe(409);
  });

  it('keeps the type and currency of a campaign once it has granted or promised a bonus', async () => {
    const reload = (
      await as('owner').post(
        URL,
        welcomeCampaign({ type: 'every_deposit', percentBps: 1_000, cap: null, minDeposit: 0 }),
      )
    ).json().campaign.id;
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    const asked = await askDeposit(t, { token }, 1_000_000, reload);
    expect(asked.json().status).toBe('success');
    // Turned into a 50 % cashback while the member's opted-in deposit waits, its approval paid a 50 %
    // deposit bonus (500,000 on 1,000,000) from a campaign that now says it pays cashback.
    const retyped = await as('owner').post(`${URL}/${reload}`, { type: 'cashback', percentBps: 5_000 });
    expect([retyped.statusCode, retyped.json().status, retyped.json().fields]).toEqual([
      409,
      'already',
      ['type'],
    ]);
    await approveDeposit(t.db, asked.json().requestId, { by: 'test-operator' });
    expect((await memberBalances(t.db, id)).bonus).toBe(100_000);

    // Granted in baht, then said to be in won: its report read 100,000 satang (฿1,000.00) as ₩100,000.
    const rewon = await as('owner').post(`${URL}/${reload}`, { currency: 'KRW', siteIds: [] });
    expect([rewon.statusCode, rewon.json().fields]).toEqual([409, ['currency']]);
    const after = (await as('owner').get(URL)).json().campaigns.find((c: { id: number }) => c.id === reload);
    expect(after).toMatchObject({ type: 'every_deposit', currency: 'THB', percentBps: 1_000 });
    // Other fields still change, and a campaign nobody has taken may still change its type and currency.
    expect((await as('owner').post(`${URL}/${reload}`, { percentBps: 2_000 })).statusCode).toBe(200);
    const fresh = (await as('owner').post(URL, welcomeCampaign())).json().campaign.id;
    const changed = await as('owner').post(`${URL}/${fresh}`, { currency: 'KRW', type: 'every_deposit' });
    expect(changed.json().campaign).toMatchObject({ currency: 'KRW', type: 'every_deposit' });
  });

  it('asks a new campaign to say its wagering: without it, refused; 0 is a bonus without wagering', async () => {
    const unsaid = await as('owner').post(URL, welcomeCampaign({ wageringMultiple: undefined }));
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    expect(JSON.stringify(unsaid.json())).toContain('wageringMultiple');
    const none = await as('owner').post(URL, welcomeCampaign({ wageringMultiple: 0, name: 'No wagering' }));
    expect(none.json().campaign).toMatchObject({ wageringMultiple: 0 });
  });

  it('refuses bad input with a 4xx, status and msg', async () => {
    const cases: [string, unknown][] = [
      [URL, {}],
      [URL, welcomeCampaign({ type: 'jackpot' })],
      [URL, welcomeCampaign({ percentBps: -1 })],
      [URL, welcomeCampaign({ percentBps: 0 })],
      [URL, welcomeCampaign({ cap: 1e15 })],
      [URL, welcomeCampaign({ currency: 'thb' })],
      [URL, welcomeCampaign({ currency: 'USD' })],
      [URL, welcomeCampaign({ endsAt: new Date(Date.now() - 86_400_000).toISOString() })],
      [URL, welcomeCampaign({ startsAt: 'yesterday' })],
      [URL, welcomeCampaign({ slotsBps: 10_001 })],
      [URL, welcomeCampaign({ sportsMinOddsDen: 0 })],
      [URL, welcomeCampaign({ siteIds: [999_999] })],
      [URL, welcomeCampaign({ code: 'NOPE1' })],
      [URL, welcomeCampaign({ type: 'code', fixedAmount: 0, code: 'ZERO1' })],
      [URL, welcomeCampaign({ terms: { de: 'Willkommen' } })],
      [URL, welcomeCampaign({ terms: { th: 'x'.repeat(5000) } })],
      [URL, welcomeCampaign({ extra: 1 })],
      [URL, welcomeCampaign({ levels: [0] })],
      [URL, 'not json'],
      [`${URL}/1`, {}],
      [`${URL}/abc`, { enabled: false }],
      [`${URL}/999999`, { enabled: false }],
    ];
    for (const [url, body] of cases) {
      const res = await as('owner').post(url, body);
      expect({ url, body, code: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({
        url,
        body,
        code: true,
      });
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect((await as('owner').get(`${URL}/999999/report`)).statusCode).toBe(404);
    expect((await as('content').get(URL)).statusCode).toBe(403);
  });
});
