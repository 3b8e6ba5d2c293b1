import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusesOf, campaignBody, createCampaign } from '../../../../test/support/promotions.ts';
import { expectConforms } from '../../../../test/support/provider-api.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame } from '../../../../test/support/wallet.ts';
import { houseContract } from '../../../shared/contract/house-api.ts';
import { machineOf } from '../../../shared/games/machines/index.ts';
import { floatsPerRound, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import { queryRows } from '../../db/client.ts';
import { houseBalance, memberBalances } from '../../modules/ledger/ledger.service.ts';
import { payCashback } from '../../modules/promotions/cashback.service.ts';
import { promoCampaigns } from '../../modules/promotions/promotions.schema.ts';
import { floatsFor } from './seeds.ts';

const STAKE = 1_000; // a line bet of 100 on the 10 lines

/** Free spins (issue 36): real rounds of the slot engine, paid by the promotions expense, won as bonus money. */
describe.runIf(backendAvailable)('free spins', () => {
  const { t, house } = useHouseApp();
  const { as } = useOperators(t);
  const freeSpins = (count: number, extra: Record<string, unknown> = {}) =>
    createCampaign(as('owner'), {
      name: `Free spins ×${count}`,
      type: 'free_spins',
      percentBps: 0,
      cap: null,
      minDeposit: 0,
      freeSpinCount: count,
      freeSpinStake: STAKE,
      freeSpinGame: 'lucky-sevens',
      wageringMultiple: 5,
      ...extra,
    });

  /**
   * Runs `act` while every update of the `table` rows that match `when` fails as `raise` says (a
   * failure standing in the middle of a spin); the failing trigger is dropped afterwards.
   */
  async function whileUpdatesFail(
    failure: { name: string; table: string; when: string; raise: string },
    act: () => Promise<void>,
  ) {
    const { name, table, when, raise } = failure;
    await t.db.execute(
      sql.raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${raise}; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create trigger ${name} before update on ${table} for each row when (${when}) execute function ${name}()`,
      ),
    );
    try {
      await act();
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    }
  }

  /** A logged-in member with the slot's window open; their id, session and launch token. */
  async function player() {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    const url = (
      await t.call('open-game', { code: 'lucky-sevens', company: 'royal-slots' }, { token })
    ).json().url as string;
    return { id, token, gameToken: new URL(url, 'http://x').searchParams.get('token')! };
  }

  it('refuses a free spins campaign without its spins, stake or slot', async () => {
    const post = (o: Record<string, unknown>) =>
      as('owner').post(
        '/api/admin/promotions/campaigns',
        campaignBody({
          type: 'free_spins',
          percentBps: 0,
          cap: null,
          freeSpinCount: 10,
          freeSpinStake: STAKE,
          freeSpinGame: 'fruit-fiesta',
          ...o,
        }),
      );
    for (const bad of [
      { freeSpinCount: 0 },
      { freeSpinStake: 1_234 },
      { freeSpinGame: null },
      { freeSpinGame: 'baccarat' },
      // A cap limited nothing: what the spins won was the bonus, all of it (its limit is conversionCap).
      { cap: 10_000 },
    ]) {
      const res = await post(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    const deposit = await as('owner').post(
      '/api/admin/promotions/campaigns',
      campaignBody({ freeSpinCount: 3 }),
    );
    expect(deposit.statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(200);
  });

  it('plays exactly the granted spins as real, verifiable rounds: stakes from the expense, wins to the bonus', async () => {
    const campaign = await freeSpins(30);
    const p = await player();
    await fund(t, p.token, 100_000);
    const offers = (await t.call('list-promotions', {}, { token: p.token })).json().list;
    expect(offers.find((o: { id: number }) => o.id === campaign)).toMatchObject({
      type: 'free_spins',
      freeSpins: { count: 30, stake: STAKE, game: 'lucky-sevens' },
    });
    const claim = await t.call('claim-free-spins', { campaign }, { token: p.token });
    expect(claim.json()).toMatchObject({ status: 'success', bonus: { amount: 0, status: 'active' } });
    expect((await t.call('claim-free-spins', { campaign }, { token: p.token })).statusCode).toBe(409);
    const [granted] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'promotions.bonus.grant' and target = ${`member:${p.id}`}`,
    );
    expect(granted!.n).toBe(1);

    const init = (await house('init', { token: p.gameToken, game: 'lucky-sevens' })).json();
    expect(init.freeSpins).toEqual({ left: 30, granted: 30, stake: STAKE, lineBet: 100 });
    // Another slot (in its own window) has none of them.
    const elsewhere = await launchGame(t, p.token, { code: 'fruit-fiesta', company: 'royal-slots' });
    expect((await house('init', { token: elsewhere, game: 'fruit-fiesta' })).json().freeSpins).toBeNull();
    const refusedElsewhere = await house('free-spin', { token: elsewhere, game: 'fruit-fiesta' });
    expect([refusedElsewhere.statusCode, refusedElsewhere.json().status]).toEqual([409, 'no_free_spins']);

    const expenseBefore = await houseBalance(t.db, 'promo_expense');
    const rounds: { roundId: string; payout: number; nonce: number }[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' });
      expectConforms(houseContract, 'free-spin', res);
      const spin = res.json();
      expect(spin).toMatchObject({ status: 'success', stake: STAKE, freeSpins: { left: 29 - i } });
      expect(spin.payout).toBe(spin.outcome.multiplier * 100);
      rounds.push(spin);
    }
    const extra = await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' });
    expect([extra.statusCode, extra.json().status]).toEqual([409, 'no_free_spins']);
    expect((await house('init', { token: p.gameToken, game: 'lucky-sevens' })).json().freeSpins).toBeNull();

    const won = rounds.reduce((sum, r) => sum + r.payout, 0);
    expect(won).toBeGreaterThan(0);
    // The member's cash never paid a stake; the expense paid every one; the wins are bonus money.
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 100_000, bonus: won });
    expect(await houseBalance(t.db, 'promo_expense')).toBe(expenseBefore - 30 * STAKE);
    const mine = await bonusesOf(t, { token: p.token });
    expect(mine.active).toMatchObject({
      amount: won,
      balance: won,
      wageringRequired: 5 * won,
      wageringDone: 0,
      freeSpins: { game: 'lucky-sevens', granted: 30, left: 0, won },
    });

    // Each round recomputes from the revealed seed and its nonce, as the verify page does.
    const { revealed } = (await house('seed', { token: p.gameToken, clientSeed: 'free-check' })).json();
    const machine = machineOf('lucky-sevens');
    for (const r of rounds.slice(0, 5)) {
      const round = (await house('round', { token: p.gameToken, roundId: r.roundId })).json().round;
      expect(round).toMatchObject({ serverSeed: revealed.serverSeed, payout: r.payout, stake: STAKE });
      const seed = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: r.nonce };
      expect(round.outcome).toEqual(spinFromFloats(machine, await floatsFor(seed, floatsPerRound(machine))));
    }
    // Wagering by the member's own play moves the progress; the bonus converts once it is complete.
    expect((await t.call('convert-bonus', {}, { token: p.token })).statusCode).toBe(409);
    await expectSoundLedger(t.db);
  });

  it('a win needs the wagering multiple the spins were granted under, whatever the campaign becomes', async () => {
    const campaign = await freeSpins(30, { wageringMultiple: 40 });
    const p = await player();
    expect((await t.call('claim-free-spins', { campaign }, { token: p.token })).json()).toMatchObject({
      status: 'success',
    });
    // The operator edits the live campaign: new grants only.
    const edit = await as('owner').post(`/api/admin/promotions/campaigns/${campaign}`, {
      wageringMultiple: 1,
    });
    expect(edit.statusCode).toBe(200);
    let won = 0;
    for (let i = 0; i < 30; i++)
      won += (await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' })).json().payout;
    expect(won).toBeGreaterThan(0);
    expect((await bonusesOf(t, { token: p.token })).active.wageringRequired).toBe(40 * won);
    await expectSoundLedger(t.db);
  });

  it('refuses the bonus conversion while spins are left, and grants nothing to a member on a break', async () => {
    const campaign = await freeSpins(5, { wageringMultiple: 0 });
    const p = await player();
    await t.call('claim-free-spins', { campaign }, { token: p.token });
    const early = await t.call('convert-bonus', {}, { token: p.token });
    expect([early.statusCode, early.json().msg]).toEqual([409, 'msg3600']);

    const onBreak = await player();
    await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token: onBreak.token });
    const refused = await t.call('claim-free-spins', { campaign }, { token: onBreak.token });
    expect(refused.statusCode).toBe(403);
    expect((await bonusesOf(t, { token: onBreak.token })).active).toBeNull();
    for (const body of [{}, { campaign: 'x' }, { campaign: -1 }, { campaign: 1e20 }]) {
      const bad = await t.call('claim-free-spins', body, { token: p.token });
      expect(bad.statusCode).toBe(400);
    }
    const notSpins = await createCampaign(as('owner'), { name: 'Deposit', type: 'every_deposit' });
    expect((await t.call('claim-free-spins', { campaign: notSpins }, { token: p.token })).statusCode).toBe(
      404,
    );
  });

  it('records the round with its money: a failure after the spin cannot leave it pending', async () => {
    const campaign = await freeSpins(2);
    const p = await player();
    await t.call('claim-free-spins', { campaign }, { token: p.token });
    // Stands for a crash between the spin's commit and a later write of its round: any UPDATE of this
    // player's rounds fails. The round must already be settled by the spin's own transaction.
    const crash = { name: 'test_no_round_update', table: 'house_rounds', when: `new.player_id = '${p.id}'` };
    await whileUpdatesFail({ ...crash, raise: `raise exception 'crashed after the spin'` }, async () => {
      const res = await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' });
      expect(res.statusCode).toBe(200);
    });
    const rounds = await queryRows<{ status: string }>(
      t.db,
      sql`select status from house_rounds where player_id = ${String(p.id)}`,
    );
    const [spins] = await queryRows<{ played: number }>(
      t.db,
      sql`select played from promo_free_spins f join promo_bonuses b on b.id = f.bonus_id where b.member_id = ${p.id}`,
    );
    expect(rounds.map((r) => r.status)).toEqual(Array(spins!.played).fill('settled'));
    expect(spins!.played).toBe(1);
    await expectSoundLedger(t.db);
  });

  it('answers a database out of reach with 503 and Retry-After, never "nothing was taken"', async () => {
    const campaign = await freeSpins(2);
    const p = await player();
    await t.call('claim-free-spins', { campaign }, { token: p.token });
    // A connection failure inside the spin's transaction (it may have committed, as a COMMIT lost on the way).
    const lost = { name: 'test_connection_lost', table: 'promo_free_spins', when: `new.member_id = ${p.id}` };
    await whileUpdatesFail(
      { ...lost, raise: `raise exception 'connection lost' using errcode = '08006'` },
      async () => {
        const res = await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
      },
    );
    // Nothing half-done: no round, no spin taken; the repeat plays it.
    const again = await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' });
    expect(again.json()).toMatchObject({ status: 'success', freeSpins: { left: 1 } });
    await expectSoundLedger(t.db);
  });

  it('closes a free spins bonus whose spins all won nothing at its last spin; keeps one that won', async () => {
    const campaign = await freeSpins(1);
    const seen = new Set<string>();
    for (let i = 0; i < 25 && seen.size < 2; i++) {
      const p = await player();
      await t.call('claim-free-spins', { campaign }, { token: p.token });
      const spin = (await house('free-spin', { token: p.gameToken, game: 'lucky-sevens' })).json();
      expect(spin).toMatchObject({ status: 'success', freeSpins: { left: 0 } });
      const { active, history } = await bonusesOf(t, { token: p.token });
      if (spin.payout === 0) {
        seen.add('lost');
        // Nothing to wager or convert: closed, so another bonus may be taken at once.
        expect(active).toBeNull();
        expect(history[0]).toMatchObject({ status: 'converted', amount: 0, converted: 0 });
      } else {
        seen.add('won');
        expect(active).toMatchObject({ status: 'active', amount: spin.payout });
      }
    }
    expect(seen).toEqual(new Set(['lost', 'won']));
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('under concurrency', () => {
    it('free spins and cash cashbacks of one member run together without a deadlock', async () => {
      const spinsCampaign = await freeSpins(10);
      const p = await player();
      await t.call('claim-free-spins', { campaign: spinsCampaign }, { token: p.token });
      const cashback = await createCampaign(as('owner'), {
        name: 'Cashback for the race',
        type: 'cashback',
        percentBps: 1_000,
        cap: null,
        cashbackPeriodDays: 1,
        enabled: false,
      });
      const [row] = await t.db.select().from(promoCampaigns).where(eq(promoCampaigns.id, cashback));
      const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      // Each cashback pays another day: promo_expense then the member's cash, as a free spin now locks them.
      const results = await Promise.allSettled([
        ...Array.from({ length: 10 }, () => house('free-spin', { token: p.gameToken, game: 'lucky-sevens' })),
        ...Array.from({ length: 10 }, (_, i) =>
          payCashback(t.db, row!, p.id, { from: day(i + 3), to: day(i + 2) }, 100_000),
        ),
      ]);
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const spins = results
        .slice(0, 10)
        .map((r) => (r as PromiseFulfilledResult<{ statusCode: number }>).value);
      expect(spins.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(results.slice(10).map((r) => (r as PromiseFulfilledResult<string>).value)).toEqual(
        Array(10).fill('paid'),
      );
      await expectSoundLedger(t.db);
    });

    it('50 concurrent spin requests play exactly the 10 granted spins', async () => {
      const campaign = await freeSpins(10);
      const p = await player();
      await t.call('claim-free-spins', { campaign }, { token: p.token });
      const expenseBefore = await houseBalance(t.db, 'promo_expense');
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => house('free-spin', { token: p.gameToken, game: 'lucky-sevens' })),
      );
      const played = replies.filter((r) => r.statusCode === 200).map((r) => r.json());
      expect(played).toHaveLength(10);
      for (const r of replies.filter((x) => x.statusCode !== 200))
        expect(r.json().status).toBe('no_free_spins');
      const won = played.reduce((sum, r) => sum + r.payout, 0);
      expect(await houseBalance(t.db, 'promo_expense')).toBe(expenseBefore - 10 * STAKE);
      expect((await memberBalances(t.db, p.id)).bonus).toBe(won);
      const [spins] = await queryRows<{ played: number; won: number }>(
        t.db,
        sql`select played, won from promo_free_spins f join promo_bonuses b on b.id = f.bonus_id where b.member_id = ${p.id}`,
      );
      expect(spins).toMatchObject({ played: 10, won });
      await expectSoundLedger(t.db);
    });
  });
});
