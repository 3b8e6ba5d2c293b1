import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { payCashbacks } from './cashback.service.ts';
import { endedCashbackPeriods } from './cashback-periods.ts';
import { promoBonuses, promoCashbackPayments } from './promotions.schema.ts';

const SECRET = 'promo-cashback-secret';
const DAY = 86_400_000;

/** Cashback campaigns: a percentage of each ended period's net loss, paid once per member and period. */
describe.runIf(backendAvailable)('promotions: cashback', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /** A daily cashback campaign that began three days ago; the others are switched off. */
  async function campaign(overrides: Record<string, unknown> = {}) {
    await t.db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
    return createCampaign(as('owner'), {
      name: 'Cashback 10%',
      type: 'cashback',
      percentBps: 1_000,
      cap: 30_000,
      cashbackPeriodDays: 1,
      startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
      wageringMultiple: 1,
      ...overrides,
    });
  }

  /** A member who staked `stake` and won `win` yesterday (their play's day moved back one). */
  async function playedYesterday(stake: number, win: number, funds = 1_000_000) {
    const { token, member } = await t.login();
    await fund(t, token, funds);
    const id = await memberIdOf(t.db, member.id);
    const round = await playRound(t, SECRET, await launchGame(t, token), stake, win);
    expect(round.win?.status).toBe('success');
    await yesterday(id);
    return { id, token };
  }

  /** Moves the member's play back one day: its day totals and when its rounds opened. */
  async function yesterday(memberId: number) {
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${memberId}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${memberId}`,
    );
  }

  const paymentsOf = (memberId: number) =>
    t.db.select().from(promoCashbackPayments).where(eq(promoCashbackPayments.memberId, memberId));

  it('cuts a campaign into periods of local days, paying only those ended within the claim window', () => {
    expect(endedCashbackPeriods('2026-11-01', '2026-11-10', '2026-11-08', 3)).toEqual([
      { from: '2026-11-01', to: '2026-11-04' },
      { from: '2026-11-04', to: '2026-11-07' },
    ]);
    expect(endedCashbackPeriods('2026-11-01', '2026-11-10', '2026-12-01', 7)).toEqual([
      { from: '2026-11-01', to: '2026-11-08' },
      { from: '2026-11-08', to: '2026-11-11' },
    ]);
    expect(endedCashbackPeriods('2026-09-01', '2026-09-30', '2026-12-01', 7)).toEqual([]);
  });

  it('pays cash once per member and period: the percentage of the net loss, at most the cap', async () => {
    const c = await campaign();
    const small = await playedYesterday(100_000, 0);
    const big = await playedYesterday(500_000, 0);
    const winner = await playedYesterday(100_000, 300_000);
    const onBreak = await playedYesterday(100_000, 0);
    expect(
      (await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token: onBreak.token }))
        .statusCode,
    ).toBe(200);

    const first = await payCashbacks(t.db);
    expect(first.paid).toBeGreaterThanOrEqual(2);
    expect(await memberBalances(t.db, small.id)).toMatchObject({ cash: 900_000 + 10_000, bonus: 0 });
    expect(await memberBalances(t.db, big.id)).toMatchObject({ cash: 500_000 + 30_000 });
    expect(await memberBalances(t.db, winner.id)).toMatchObject({ cash: 1_200_000 });
    expect(await memberBalances(t.db, onBreak.id)).toMatchObject({ cash: 900_000 });
    expect(await paymentsOf(winner.id)).toEqual([]);
    expect((await paymentsOf(onBreak.id)).map((p) => [p.outcome, p.amount])).toEqual([['protected', 0]]);
    const [paid] = await paymentsOf(small.id);
    expect(paid).toMatchObject({
      campaignId: c,
      netLoss: 100_000,
      amount: 10_000,
      paidAs: 'cash',
      outcome: 'paid',
    });

    // Again: every decision is taken; nothing moves.
    const again = await payCashbacks(t.db);
    expect(again.paid).toBe(0);
    expect(await memberBalances(t.db, small.id)).toMatchObject({ cash: 910_000 });

    // The member is told (a note that lasts), and the report counts it.
    const [note] = await queryRows<{ msg_key: string; msg_params: Record<string, unknown> }>(
      t.db,
      sql`select msg_key, msg_params from notes where member_id = ${small.id} and msg_key like 'cashback%'`,
    );
    expect(note).toMatchObject({ msg_key: 'cashbackPaid', msg_params: { amount: 10_000 } });
    const report = (await as('owner').get(`/api/admin/promotions/campaigns/${c}/report`)).json().report;
    expect(report.cashback).toEqual({ count: 2, amount: 40_000 });
    expect(report.cashbackProtected).toBe(1);
    expect(report.cost).toBe(40_000);
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'promotions.cashback.pay' and target = ${`member:${small.id}`}`,
    );
    expect(audited!.n).toBe(1);
    await expectSoundLedger(t.db);
  });

  it('pays as a bonus under wagering, and waits while another bonus runs', async () => {
    const c = await campaign({ cashbackPaidAs: 'bonus', wageringMultiple: 5 });
    const free = await playedYesterday(100_000, 0);
    const welcome = await createCampaign(as('owner'), { name: 'Welcome', cap: 10_000, minDeposit: 0 });
    const busy = await t.login();
    await depositWithPromo(t, { token: busy.token }, 200_000, welcome);
    const busyId = await memberIdOf(t.db, busy.member.id);
    const busyRound = await playRound(t, SECRET, await launchGame(t, busy.token), 100_000, 0);
    expect(busyRound.win?.status).toBe('success');
    await yesterday(busyId);

    const done = await payCashbacks(t.db);
    expect(done.waiting).toBe(1);
    expect(await memberBalances(t.db, free.id)).toMatchObject({ cash: 900_000, bonus: 10_000 });
    const [bonus] = await t.db
      .select()
      .from(promoBonuses)
      .where(and(eq(promoBonuses.memberId, free.id), eq(promoBonuses.campaignId, c)));
    expect(bonus).toMatchObject({ amount: 10_000, wageringRequired: 50_000, status: 'active' });
    expect((await paymentsOf(free.id))[0]).toMatchObject({ bonusId: bonus!.id, paidAs: 'bonus' });
    expect(await paymentsOf(busyId)).toEqual([]);
    expect((await auditLedger(t.db)).promotions.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a payout that fails half-way leaves nothing behind, and the next pass pays it once', async () => {
    const c = await campaign();
    const p = await playedYesterday(300_000, 0);
    // A fault after the money moved: the note telling the member is refused (a crash at that point).
    await t.db.execute(
      sql`alter table notes add constraint test_fault_cashback check (msg_key is distinct from 'cashbackPaid') not valid`,
    );
    try {
      // The sweep counts the failure and goes on with the others.
      expect((await payCashbacks(t.db)).failed).toBeGreaterThanOrEqual(1);
    } finally {
      await t.db.execute(sql`alter table notes drop constraint test_fault_cashback`);
    }
    expect(await paymentsOf(p.id)).toEqual([]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 700_000 });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect((await paymentsOf(p.id)).map((r) => [r.campaignId, r.amount])).toEqual([[c, 30_000]]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 730_000 });
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent payouts pay each member and period exactly once', async () => {
      const c = await campaign();
      const players = await Promise.all([1, 2, 3].map(() => playedYesterday(200_000, 0)));
      const runs = await Promise.all(Array.from({ length: 5 }, () => payCashbacks(t.db)));
      // The members of the tests above lost yesterday too: each payment counted once, whoever made it.
      const paid = await t.db
        .select()
        .from(promoCashbackPayments)
        .where(and(eq(promoCashbackPayments.campaignId, c), eq(promoCashbackPayments.outcome, 'paid')));
      expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(paid.length);
      for (const p of players) {
        expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 800_000 + 20_000 });
        expect(await paymentsOf(p.id)).toHaveLength(1);
      }
      const [transfers] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ledger_transfers where kind = 'cashback'
            and (reference ->> 'cashbackId')::bigint in (select id from promo_cashback_payments
              where member_id in (${sql.join(
                players.map((p) => sql`${p.id}`),
                sql`, `,
              )}))`,
      );
      expect(transfers!.n).toBe(3);
      await expectSoundLedger(t.db);
    });
  });
});
