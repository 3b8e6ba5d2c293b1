import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { payCashback, payCashbacks } from './cashback.service.ts';
import { promoCampaigns, promoCashbackPayments } from './promotions.schema.ts';

const SECRET = 'promo-cashback-once-secret';
const DAY = 86_400_000;
const URL = '/api/admin/promotions/campaigns';
/** The UTC date `n` days back, as a period's bound. */
const back = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/**
 * Cashback pays each loss once: never again for days a campaign edit cut into other periods, never on
 * a stake whose bet is still open (a cash-out the next day is not a loss), and a sweep goes on past a
 * member that fails.
 */
describe.runIf(backendAvailable)('promotions: cashback pays each loss once', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /** A cashback campaign of `days`-day periods that began `ago` days ago; the other cashbacks are switched off. */
  async function campaign(days: number, ago: number, overrides: Record<string, unknown> = {}) {
    await t.db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
    return createCampaign(as('owner'), {
      name: 'Cashback 10%',
      type: 'cashback',
      percentBps: 1_000,
      cap: null,
      cashbackPeriodDays: days,
      startsAt: new Date(Date.now() - ago * DAY).toISOString(),
      wageringMultiple: 1,
      ...overrides,
    });
  }

  /** A funded member with a slot open: their id and signed wallet calls for it. */
  async function player(funds = 2_000_000) {
    const { token, member } = await t.login();
    await fund(t, token, funds);
    const id = await memberIdOf(t.db, member.id);
    const game = await launchGame(t, token);
    const bet = async (amount: number) => {
      const ids = walletIds();
      const res = await walletRequest(t, 'bet', { ...ids, token: game, amount }, SECRET);
      expect(res.json().status).toBe('success');
      return ids;
    };
    const win = async (ids: { txId: string; roundId: string }, amount: number) => {
      const res = await walletRequest(
        t,
        'win',
        { txId: `${ids.txId}-win`, roundId: ids.roundId, amount },
        SECRET,
      );
      expect(res.json().status).toBe('success');
    };
    return { id, token, bet, win };
  }

  /** Moves what the member played so far back `days` days: its day totals and when its rounds opened. */
  async function playedDaysAgo(memberId: number, days: number) {
    await t.db.execute(
      sql`update member_play_days set day = day - ${days}::int where member_id = ${memberId}`,
    );
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - make_interval(days => ${days}::int) where member_id = ${memberId}`,
    );
  }

  const paymentsOf = (memberId: number) =>
    t.db.select().from(promoCashbackPayments).where(eq(promoCashbackPayments.memberId, memberId));

  it('never pays days already paid again after the campaign is cut into other periods', async () => {
    // A 3-day campaign that began six days ago: its second period (3 to 1 days ago) has ended.
    const c = await campaign(3, 6);
    const p = await player();
    const round = await p.bet(100_000);
    await p.win(round, 0);
    await playedDaysAgo(p.id, 2);
    expect((await payCashbacks(t.db)).paid).toBe(1);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 2_000_000 - 100_000 + 10_000 });

    // The back office refuses to cut its days otherwise now that it has paid.
    for (const patch of [
      { cashbackPeriodDays: 1 },
      { startsAt: new Date(Date.now() - 5 * DAY).toISOString() },
      { siteIds: [1] },
      { type: 'level_up', fixedAmount: 1_000 },
    ]) {
      const refused = await as('owner').post(`${URL}/${c}`, patch);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 'already' });
      expect(refused.json().message).toMatch(/cashback was already paid/);
    }
    // Edits that leave its periods alone still pass, the unchanged fields included (the form sends them all).
    const current = (await as('owner').get(URL)).json().campaigns.find((x: { id: number }) => x.id === c);
    const kept = await as('owner').post(`${URL}/${c}`, {
      name: 'Cashback 10% (renamed)',
      cashbackPeriodDays: 3,
      startsAt: current.startsAt,
      siteIds: current.siteIds,
    });
    expect(kept.statusCode).toBe(200);

    // Even changed behind the back office's back, the database pays no day twice.
    await t.db.execute(sql`update promo_campaigns set cashback_period_days = 1 where id = ${c}`);
    const again = await payCashbacks(t.db);
    expect(again.paid).toBe(0);
    // A payer that asks for an overlapping period directly is refused by the database itself.
    const [row] = await t.db.select().from(promoCampaigns).where(eq(promoCampaigns.id, c));
    const [paid] = await paymentsOf(p.id);
    const inside = { from: back(2), to: back(1) };
    expect(paid!.periodStart < inside.to && inside.from < paid!.periodEnd).toBe(true);
    expect(await payCashback(t.db, row!, p.id, inside, 100_000)).toBe('already');
    expect((await paymentsOf(p.id)).map((r) => r.amount)).toEqual([10_000]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_910_000 });
    await expectSoundLedger(t.db);
  });

  it('waits for an open bet of the period, and counts its cash-out against the loss', async () => {
    await campaign(1, 3);
    const p = await player();
    // Yesterday: 1,000,000 on next week's match (the round stays open).
    const round = await p.bet(1_000_000);
    await playedDaysAgo(p.id, 1);
    const first = await payCashbacks(t.db);
    expect(first.unsettled).toBe(1);
    expect(await paymentsOf(p.id)).toEqual([]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_000_000 });

    // Today the member cashes out at 980,000: the period's loss is 20,000, paid 2,000 once.
    await p.win(round, 980_000);
    const second = await payCashbacks(t.db);
    expect(second.paid).toBe(1);
    expect((await paymentsOf(p.id)).map((r) => [r.netLoss, r.amount])).toEqual([[20_000, 2_000]]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_980_000 + 2_000 });
    expect((await payCashbacks(t.db)).paid).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('goes on past a member that fails, and stops reading a period once everyone is decided', async () => {
    const c = await campaign(1, 3);
    const players = await Promise.all([1, 2, 3].map(() => player()));
    for (const p of players) {
      await p.win(await p.bet(100_000), 0);
      await playedDaysAgo(p.id, 2);
    }
    // The first member's payout fails (a fault on their note), the ones after them are still paid.
    const failing = players[0]!.id;
    await t.db.execute(
      sql.raw(
        `alter table notes add constraint test_fault_member check (member_id <> ${failing} or msg_key <> 'cashbackPaid') not valid`,
      ),
    );
    try {
      const done = await payCashbacks(t.db);
      expect(done.failed).toBe(1);
    } finally {
      await t.db.execute(sql`alter table notes drop constraint test_fault_member`);
    }
    expect(await paymentsOf(failing)).toEqual([]);
    for (const p of players.slice(1)) expect((await paymentsOf(p.id)).map((r) => r.amount)).toEqual([10_000]);
    // The period with the failure was not finished: the next pass pays it, then records the period done.
    // (Members of the tests above lost in these days too: each is paid by this campaign as well.)
    await payCashbacks(t.db);
    expect((await paymentsOf(failing)).map((r) => r.amount)).toEqual([10_000]);
    const runs = await queryRows<{ period_start: string }>(
      t.db,
      sql`select period_start::text from promo_cashback_runs where campaign_id = ${c} order by period_start`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(1);
    // A finished period is not read again: a payment row removed behind its back is not made again.
    const removed = await t.db
      .delete(promoCashbackPayments)
      .where(and(eq(promoCashbackPayments.memberId, failing), eq(promoCashbackPayments.campaignId, c)))
      .returning();
    expect((await payCashbacks(t.db)).paid).toBe(0);
    // Put back: the audit holds every cashback transfer to its payment.
    expect(await t.db.insert(promoCashbackPayments).values(removed).returning()).toHaveLength(1);
  });

  it('never pays days another cashback campaign already paid: a second live one, or one started in the past', async () => {
    await campaign(3, 6);
    const p = await player();
    await p.win(await p.bet(100_000), 0);
    await playedDaysAgo(p.id, 2);
    await payCashbacks(t.db);
    expect((await paymentsOf(p.id)).map((r) => r.amount)).toEqual([10_000]);
    // Another cashback on the same site and levels, live at once, with 1-day periods from a past start.
    const other = await createCampaign(as('owner'), {
      name: 'Cashback 20%',
      type: 'cashback',
      percentBps: 2_000,
      cap: null,
      cashbackPeriodDays: 1,
      startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
      wageringMultiple: 1,
    });
    await payCashbacks(t.db);
    expect((await paymentsOf(p.id)).map((r) => r.amount)).toEqual([10_000]);
    // Directly too: the database refuses a period of another campaign over the paid days.
    const [row] = await t.db.select().from(promoCampaigns).where(eq(promoCampaigns.id, other));
    expect(await payCashback(t.db, row!, p.id, { from: back(2), to: back(1) }, 100_000)).toBe('already');
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_910_000 });
    await expectSoundLedger(t.db);
  });

  it('does not wait for ever on a round never closed: one open for over 7 days is left out', async () => {
    const c = await campaign(1, 12);
    const p = await player();
    await p.bet(300_000); // never closed by its provider
    await p.win(await p.bet(100_000), 0);
    await playedDaysAgo(p.id, 9);
    const done = await payCashbacks(t.db);
    expect(done.unsettled).toBe(0);
    // Paid on the settled loss only: the orphan's stake may still be won.
    expect((await paymentsOf(p.id)).map((r) => [r.netLoss, r.amount])).toEqual([[100_000, 10_000]]);
    const runs = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from promo_cashback_runs where campaign_id = ${c} and period_start = ${back(9)}::date`,
    );
    expect(runs[0]!.n).toBe(1);
    await expectSoundLedger(t.db);
  });

  it('counts the win a round never closed already paid: its net lowers the loss, its stake is not lost', async () => {
    await campaign(1, 12);
    const p = await player(1_100_000);
    // Round A: 100,000 staked, 1,000,000 paid without closing the round; its provider never closes it.
    const a = await p.bet(100_000);
    const paid = await walletRequest(
      t,
      'win',
      { txId: `${a.txId}-win`, roundId: a.roundId, amount: 1_000_000, closeRound: false },
      SECRET,
    );
    expect(paid.json().status).toBe('success');
    await p.win(await p.bet(1_000_000), 0); // round B: 1,000,000 lost
    await playedDaysAgo(p.id, 8);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_000_000 });
    await payCashbacks(t.db);
    // The day's real net loss: 1,100,000 staked, 1,000,000 won: 100,000, so 10,000 back (not 100,000).
    expect((await paymentsOf(p.id)).map((r) => [r.netLoss, r.amount])).toEqual([[100_000, 10_000]]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_010_000 });
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent payers of overlapping periods of one member pay once', async () => {
      const c = await campaign(3, 6);
      const p = await player();
      await p.win(await p.bet(100_000), 0);
      await playedDaysAgo(p.id, 2);
      const [row] = await t.db.select().from(promoCampaigns).where(eq(promoCampaigns.id, c));
      const today = new Date().toISOString().slice(0, 10);
      const back = (n: number) =>
        new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
      const outcomes = await Promise.all([
        payCashback(t.db, row!, p.id, { from: back(3), to: back(0) }, 100_000),
        payCashback(t.db, row!, p.id, { from: back(2), to: back(0) }, 100_000),
        payCashback(t.db, row!, p.id, { from: back(1), to: back(0) }, 100_000),
      ]);
      expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
      expect(await paymentsOf(p.id)).toHaveLength(1);
      await expectSoundLedger(t.db);
    });
    it('concurrent payers of two campaigns over the same days of one member pay once', async () => {
      const first = await campaign(1, 5);
      const second = await createCampaign(as('owner'), {
        name: 'Cashback 20%',
        type: 'cashback',
        percentBps: 2_000,
        cap: null,
        cashbackPeriodDays: 1,
        startsAt: new Date(Date.now() - 5 * DAY).toISOString(),
        wageringMultiple: 1,
      });
      const p = await player();
      await p.win(await p.bet(100_000), 0);
      await playedDaysAgo(p.id, 2);
      const rows = await t.db.select().from(promoCampaigns);
      const of = (id: number) => rows.find((r) => r.id === id)!;
      const period = { from: back(2), to: back(1) };
      const outcomes = await Promise.all(
        [first, second, first, second].map((c) => payCashback(t.db, of(c), p.id, period, 100_000)),
      );
      expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
      expect(await paymentsOf(p.id)).toHaveLength(1);
      await expectSoundLedger(t.db);
    });
  });
});
