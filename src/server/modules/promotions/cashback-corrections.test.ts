import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { expectSoundLedger, fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, onlyCashback } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { memberNews } from '../inbox/inbox.schema.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { findCampaign } from './campaigns.service.ts';
import { payCashback, payCashbacks } from './cashback.service.ts';
import { correctCashbacks } from './cashback-corrections.service.ts';
import { auditPaymentRecords } from './payment-records.audit.ts';
import {
  promoCashbackCorrections,
  promoCashbackPayments,
  promoCashbackRechecks,
} from './promotions.schema.ts';

const SECRET = 'cashback-corrections-secret';
const DAY = 86_400_000;

/**
 * A round's result corrected after its period's cashback was paid (a provider's resettle; a sports bet
 * resettled by the trading desk goes through the same wallet correction): the cashback is recomputed
 * from the rounds as they are now, and the difference is a new transfer, once.
 */
describe.runIf(backendAvailable)('promotions: cashback after a correction of its rounds', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  const cashback = (paidAs: 'cash' | 'bonus' = 'cash') =>
    onlyCashback(t.db, as('owner'), { name: `Cashback 10% ${paidAs}`, cashbackPaidAs: paidAs });

  /** A member who paid in `funds` and played one round of `stake` returning `win`, all of it yesterday. */
  async function playedYesterday(funds: number, stake: number, win: number) {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, funds);
    const game = await launchGame(t, token);
    const played = await playRound(t, SECRET, game, stake, win);
    expect(played.win?.status).toBe('success');
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${id}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${id}`,
    );
    return { id, loginId: member.id, token, game, played };
  }

  const resettle = (played: Awaited<ReturnType<typeof playedYesterday>>['played'], amount: number) =>
    walletRequest(
      t,
      'resettle',
      {
        txId: `${played.round.txId}-resettle`,
        roundId: played.round.roundId,
        refTxId: played.settle!.txId,
        reason: 'result corrected',
        amount,
      },
      SECRET,
    );

  const correctionsOf = (memberId: number) =>
    t.db
      .select({
        amount: promoCashbackCorrections.amount,
        netLoss: promoCashbackCorrections.netLoss,
        debt: promoCashbackCorrections.debt,
        writtenOff: promoCashbackCorrections.writtenOff,
      })
      .from(promoCashbackCorrections)
      .innerJoin(promoCashbackPayments, eq(promoCashbackPayments.id, promoCashbackCorrections.paymentId))
      .where(eq(promoCashbackPayments.memberId, memberId));

  it('takes back the cashback of a loss a resettle turned into a win, once, however many runs race', async () => {
    const campaign = await cashback();
    const { id, played } = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 10_000 });
    // The losing bet was a win of 200,000 after all: no loss, no cashback.
    expect((await resettle(played, 200_000)).json()).toMatchObject({ status: 'success' });
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 210_000 });
    // The correction queued its decision (the job reads the queue, never every decision) ...
    const [decision] = await t.db
      .select({ id: promoCashbackPayments.id })
      .from(promoCashbackPayments)
      .where(eq(promoCashbackPayments.memberId, id));
    const queued = () => t.db.select({ id: promoCashbackRechecks.paymentId }).from(promoCashbackRechecks);
    expect(await queued()).toEqual([{ id: decision!.id }]);
    await Promise.all(Array.from({ length: 4 }, () => payCashbacks(t.db)));
    await payCashbacks(t.db);
    // ... and the recompute took it off.
    expect(await queued()).toEqual([]);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 200_000 });
    expect(await correctionsOf(id)).toEqual([{ amount: -10_000, netLoss: -100_000, debt: 0, writtenOff: 0 }]);
    // The campaign's report: the decision is worth nothing now, and cost nothing.
    const report = (await as('owner').get(`/api/admin/promotions/campaigns/${campaign}/report`)).json()
      .report;
    expect(report.cashback).toEqual({ count: 1, amount: 0 });
    expect(report.cost).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('what cash no longer holds of it becomes a debt, never a negative balance', async () => {
    await cashback();
    const { id, loginId, game, played } = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    expect((await resettle(played, 100_000)).json()).toMatchObject({ status: 'success' });
    // The 110,000 (the stake back and the cashback) staked and lost today.
    expect((await playRound(t, SECRET, game, 110_000, 0)).win?.status).toBe('success');
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 0 });
    expect(await debtOf(t, loginId)).toBe(10_000);
    expect(await correctionsOf(id)).toEqual([{ amount: -10_000, netLoss: 0, debt: 10_000, writtenOff: 0 }]);
    await expectSoundLedger(t.db);
  });

  it('tops up the cashback of a loss a correction made larger', async () => {
    await cashback();
    const { id, played } = await playedYesterday(100_000, 100_000, 50_000);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 55_000 });
    // The 50,000 win taken back: 100,000 lost, 10,000 owed in all.
    expect((await resettle(played, 0)).json()).toMatchObject({ status: 'success' });
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 5_000 });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 10_000 });
    expect(await correctionsOf(id)).toEqual([{ amount: 5_000, netLoss: 100_000, debt: 0, writtenOff: 0 }]);
    // The member is told, in a note of its own.
    const told = await t.db
      .select({ key: memberNews.msgKey, params: memberNews.msgParams })
      .from(memberNews)
      .where(and(eq(memberNews.memberId, id), eq(memberNews.msgKey, 'cashbackCorrected')));
    expect(told).toEqual([{ key: 'cashbackCorrected', params: expect.objectContaining({ amount: 5_000 }) }]);
    await expectSoundLedger(t.db);
  });

  it('a cashback paid as bonus is not taken from cash: what it overpaid is written off', async () => {
    await cashback('bonus');
    const { id, played } = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 0, bonus: 10_000 });
    expect((await resettle(played, 200_000)).json()).toMatchObject({ status: 'success' });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 200_000, bonus: 10_000 });
    expect(await correctionsOf(id)).toEqual([
      { amount: -10_000, netLoss: -100_000, debt: 0, writtenOff: 10_000 },
    ]);
    await expectSoundLedger(t.db);
  });

  it('a correction between the sweep reading the losses and paying them is not lost', async () => {
    const campaignId = await cashback();
    const { id, played } = await playedYesterday(100_000, 100_000, 0);
    // The sweep read a loss of 100,000 (promo_cashback_losses) ... then, before it paid this member
    // (each member is paid in a transaction of their own, after the read), the losing bet was resettled
    // as a win of 200,000: the correction found no decision to queue, none being recorded yet.
    expect((await resettle(played, 200_000)).json()).toMatchObject({ status: 'success' });
    const campaign = (await findCampaign(t.db, campaignId))!;
    const [period] = await queryRows<{ from: string; to: string }>(
      t.db,
      sql`select ((now() at time zone member_timezone(${id}))::date - 1)::text as "from",
                 (now() at time zone member_timezone(${id}))::date::text as "to"`,
    );
    expect(await payCashback(t.db, campaign, id, period!, 100_000)).toBe('paid');
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 210_000 });
    // The payment, recorded under the member's cash, saw that its rounds say otherwise: recomputed.
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 200_000 });
    expect(await correctionsOf(id)).toEqual([{ amount: -10_000, netLoss: -100_000, debt: 0, writtenOff: 0 }]);
    await expectSoundLedger(t.db);
  });

  it('a late win of a round left open past the orphan age, after its period was paid, takes the cashback back', async () => {
    await t.db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
    await createCampaign(as('owner'), {
      name: 'Cashback 10% orphan',
      type: 'cashback',
      percentBps: 1_000,
      cap: null,
      cashbackPeriodDays: 1,
      cashbackPaidAs: 'cash',
      startsAt: new Date(Date.now() - 12 * DAY).toISOString(),
      wageringMultiple: 1,
    });
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 100_000);
    const game = await launchGame(t, token);
    // Nine days ago: 50,000 lost, and 50,000 staked on a round (a sports bet on a match weeks away)
    // that is still open: past 7 days an orphan, it counts only as a win, so the decision is 5,000.
    const open = walletIds();
    expect(
      (await walletRequest(t, 'bet', { ...open, token: game, amount: 50_000 }, SECRET)).json(),
    ).toMatchObject({
      status: 'success',
    });
    expect((await playRound(t, SECRET, game, 50_000, 0)).win?.status).toBe('success');
    await t.db.execute(sql`update member_play_days set day = day - 9 where member_id = ${id}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '9 days' where member_id = ${id}`,
    );
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 5_000 });
    // The round is settled at last, a win of 150,000: over the period the member won 50,000.
    const won = { txId: `${open.txId}-win`, roundId: open.roundId, amount: 150_000 };
    expect((await walletRequest(t, 'win', won, SECRET)).json()).toMatchObject({ status: 'success' });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 150_000 });
    expect(await correctionsOf(id)).toEqual([{ amount: -5_000, netLoss: -50_000, debt: 0, writtenOff: 0 }]);
    await expectSoundLedger(t.db);
  });

  it('a bonus cashback written off and then owed again is not granted a second time', async () => {
    await cashback('bonus');
    const { id, token, played } = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 0, bonus: 10_000 });
    // Resettled as a win: the 10,000 bonus is written off (the member keeps it) ...
    expect((await resettle(played, 200_000)).json()).toMatchObject({ status: 'success' });
    await payCashbacks(t.db);
    // ... and, the bonus forfeited with a withdrawal, no other bonus runs.
    const withdrawal = { balance: 100_000, code: nextCode(), forfeitBonus: true };
    expect((await t.call('apply-user-withdraw', withdrawal, { token })).json().status).toBe('success');
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 100_000, held: 100_000, bonus: 0 });
    // ... then the desk puts the loss back: 10,000 owed, which the member holds already.
    const again = await walletRequest(
      t,
      'resettle',
      {
        txId: `${played.round.txId}-resettle-2`,
        roundId: played.round.roundId,
        refTxId: `${played.round.txId}-resettle`,
        reason: 'result corrected again',
        amount: 0,
      },
      SECRET,
    );
    expect(again.json()).toMatchObject({ status: 'success' });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ bonus: 0 });
    expect(await correctionsOf(id)).toEqual(
      expect.arrayContaining([
        { amount: -10_000, netLoss: -100_000, debt: 0, writtenOff: 10_000 },
        { amount: 10_000, netLoss: 100_000, debt: 0, writtenOff: 0 },
      ]),
    );
    expect(await auditPaymentRecords(t.db)).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a top-up waiting for another bonus to end goes behind the queue, not ahead of every pass', async () => {
    await cashback('bonus');
    const waiting = await playedYesterday(100_000, 100_000, 50_000);
    const other = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    // The first: its 50,000 win taken back, 5,000 more owed, as a bonus while its cashback bonus runs.
    expect((await resettle(waiting.played, 0)).json()).toMatchObject({ status: 'success' });
    // The second: its loss resettled as a win, its bonus cashback written off.
    expect((await resettle(other.played, 200_000)).json()).toMatchObject({ status: 'success' });
    // Passes of one decision each (as a full queue of waiting top-ups would leave them).
    await correctCashbacks(t.db, undefined, 1);
    await correctCashbacks(t.db, undefined, 1);
    expect(await correctionsOf(other.id)).toEqual([
      { amount: -10_000, netLoss: -100_000, debt: 0, writtenOff: 10_000 },
    ]);
    expect(await correctionsOf(waiting.id)).toEqual([]);
  });

  it('recomputes a decision under the terms it was paid under, not a percentage edited since', async () => {
    const campaign = await cashback();
    const { id, played } = await playedYesterday(100_000, 100_000, 0);
    await payCashbacks(t.db);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 10_000 });
    // The operator raises the campaign to 20 % for the periods to come ...
    const edit = await as('owner').post(`/api/admin/promotions/campaigns/${campaign}`, { percentBps: 2_000 });
    expect(edit.statusCode).toBe(200);
    // ... and a provider corrects yesterday's round by one unit: 99,999 lost, 9,999 owed at 10 %.
    expect((await resettle(played, 1)).json()).toMatchObject({ status: 'success' });
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await correctionsOf(id)).toEqual([{ amount: -1, netLoss: 99_999, debt: 0, writtenOff: 0 }]);
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 10_000 });
    await expectSoundLedger(t.db);
  });
});
