import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../../modules/ledger/ledger.service.ts';

/**
 * A sports bet earns comp when it settles (its wallet round's first close), except a bet voided with its
 * whole stake back: it risked nothing (found by a red-team review: a 1,000,000 single voided by a cancel
 * window still earned its comp). A bet voided after it settled gives its comp back, and a void taken
 * back (rollback_bet_cancel) earns it (a second review: both kept the comp of the first close).
 */
describe.runIf(backendAvailable)('sportsbook: comp of voided bets', () => {
  const { t, newPlayer, as, book } = useSportsBook({ confirmResults: false, cancelWindowMinutes: 60 });

  const sportsComp = async (memberId: number, bps: number) => {
    const [site] = await queryRows<{ site_id: number }>(
      t.db,
      sql`select site_id from members where id = ${memberId}`,
    );
    const set = await as('owner').post(`/api/admin/settings/sites/${site!.site_id}/comp`, {
      rates: { '1': { sport: bps } },
    });
    expect(set.statusCode, set.body).toBe(200);
  };

  it('a bet voided by a cancel window earns no comp; a lost bet does', async () => {
    const p = await newPlayer(2_000_000);
    await sportsComp(p.memberId, 50);
    const voided = await book.match();
    await book.placed(p, [voided.home], { unitStake: 1_000_000 });
    const res = await book.cancelWindow(voided.eventId, {
      from: new Date(Date.now() - 60_000),
      marketId: voided.marketId,
    });
    expect(res.statusCode).toBe(200);
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 2_000_000, comp: 0 });
    const lost = await book.match();
    await book.placed(p, [lost.home], { unitStake: 1_000_000 });
    expect((await book.score(lost.marketId, 0, 1)).statusCode).toBe(200); // home lost
    // 0.5 % of the 1,000,000 that was risked.
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 1_000_000, comp: 5_000 });
    await expectSoundLedger(t.db);
  });

  const restore = (marketId: number, from: Date) =>
    as('trading').post(`/api/admin/sports/markets/${marketId}/rollback-cancel`, {
      from: from.toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      reason: 'the price was right after all',
    });

  it('a bet settled lost, then voided by a cancel window, keeps no comp; the cancel taken back earns it again', async () => {
    const p = await newPlayer(2_000_000);
    await sportsComp(p.memberId, 50);
    const m = await book.match();
    const from = new Date(Date.now() - 60_000);
    await book.placed(p, [m.home], { unitStake: 1_000_000 });
    expect((await book.score(m.marketId, 0, 1)).statusCode).toBe(200); // home lost
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 1_000_000, comp: 5_000 });
    const res = await book.cancelWindow(m.eventId, { from, marketId: m.marketId });
    expect(res.statusCode, res.body).toBe(200);
    // The stake is back: nothing was risked, as with the window before the result.
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 2_000_000, comp: 0 });
    // The cancel taken back: the bet is lost again, and its 0.5 % comp is earned again, once.
    expect((await restore(m.marketId, from)).json()).toMatchObject({ restored: 1 });
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 1_000_000, comp: 5_000 });
    await expectSoundLedger(t.db);
  });

  it('a bet settled void by a cancel window, restored to its result later, earns its comp then', async () => {
    const p = await newPlayer(2_000_000);
    await sportsComp(p.memberId, 50);
    const m = await book.match();
    const from = new Date(Date.now() - 60_000);
    await book.placed(p, [m.home], { unitStake: 1_000_000 });
    expect((await book.cancelWindow(m.eventId, { from, marketId: m.marketId })).statusCode).toBe(200);
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 2_000_000, comp: 0 });
    expect((await book.score(m.marketId, 0, 1)).statusCode).toBe(200); // home lost
    expect((await restore(m.marketId, from)).json()).toMatchObject({ restored: 1 });
    // The bet is lost after all: 1,000,000 was risked, and earns 0.5 %.
    expect(await memberBalances(t.db, p.memberId)).toMatchObject({ cash: 1_000_000, comp: 5_000 });
    await expectSoundLedger(t.db);
  });
});
