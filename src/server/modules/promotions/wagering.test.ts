import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  bonusesOf,
  createCampaign,
  depositWithPromo,
  endBonusesOf,
} from '../../../../test/support/promotions.ts';
import { type CallOptions, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { auditLog } from '../../db/schema.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { expireBonuses } from './bonus-close.service.ts';
import { promoBonuses } from './promotions.schema.ts';

const SECRET = 'promo-wallet-secret';
const SLOT = { code: 'lucky-sevens', company: 'royal-slots' };
const TABLE = { code: 'baccarat', company: 'royal-baccarat' };

/** Wagering, conversion, forfeiture and expiry (issue 36, parts 4 and 5), exact to the minor unit. */
describe.runIf(backendAvailable)('promotions: wagering to conversion, forfeiture, expiry', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let campaign: number;
  beforeAll(async () => {
    // 100 % up to 5,000 baht; wagering 2 × the bonus; tables count 12.34 %; 2,000 baht a stake at most;
    // at most 3,000 baht converts.
    campaign = await createCampaign(as('owner'), {
      wageringMultiple: 2,
      tablesBps: 1_234,
      maxStake: 200_000,
      conversionCap: 300_000,
    });
  });

  async function bonusMember(deposit = 2_000_000) {
    const { token, member } = await t.login();
    const me: CallOptions = { token };
    await depositWithPromo(t, me, deposit, campaign);
    return {
      me,
      token,
      id: await memberIdOf(t.db, member.id),
      slot: await launchGame(t, token, SLOT),
      table: await launchGame(t, token, TABLE),
    };
  }

  it('wagers by tables and slots, refuses the stake above the maximum, converts capped, exact to the unit', async () => {
    const m = await bonusMember();
    expect((await bonusesOf(t, m.me)).active).toMatchObject({ amount: 500_000, wageringRequired: 1_000_000 });
    const early = await t.call('convert-bonus', {}, m.me);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: expect.any(String), msg: 'msg3600' });

    // Three table stakes of 10,001 at 12.34 %: 3 × 12,341,234 ten-thousandths = 3,702.3702 counted.
    for (let i = 0; i < 3; i++)
      expect((await playRound(t, SECRET, m.table, 10_001)).bet.status).toBe('success');
    expect((await bonusesOf(t, m.me)).active.wageringDone).toBe(3_702);

    const cashBefore = (await memberBalances(t.db, m.id)).cash;
    const tooBig = await playRound(t, SECRET, m.slot, 200_001);
    expect(tooBig.bet).toMatchObject({ status: 'bonus_max_stake', msg: 'msg3606', maxStake: 200_000 });
    expect((await memberBalances(t.db, m.id)).cash).toBe(cashBefore);

    for (let i = 0; i < 4; i++) await playRound(t, SECRET, m.slot, 200_000);
    expect((await bonusesOf(t, m.me)).active.wageringDone).toBe(803_702);
    await playRound(t, SECRET, m.slot, 200_000, 50_000); // a win follows its stake: cash
    const done = (await bonusesOf(t, m.me)).active;
    expect(done).toMatchObject({ wageringDone: 1_000_000, balance: 500_000 });

    const converted = await t.call('convert-bonus', {}, m.me);
    expect(converted.json()).toMatchObject({
      status: 'success',
      bonus: { status: 'converted', converted: 300_000, returned: 200_000 },
    });
    // 2,000,000 deposited − 30,003 tables − 1,000,000 slots + 50,000 won + 300,000 converted.
    expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 1_319_997, bonus: 0 });
    expect((await t.call('convert-bonus', {}, m.me)).statusCode).toBe(404);
    // Without a bonus the maximum no longer applies.
    expect((await playRound(t, SECRET, m.slot, 200_001)).bet.status).toBe('success');

    const report = (await as('owner').get(`/api/admin/promotions/campaigns/${campaign}/report`)).json()
      .report;
    expect(report).toMatchObject({
      converted: { count: 1, amount: 500_000 },
      cost: 300_000,
      returned: 200_000,
    });
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${m.id}`));
    expect(actions.map((a) => a.action)).toEqual(['promotions.bonus.grant', 'promotions.bonus.convert']);
    await expectSoundLedger(t.db);
  });

  it('refuses a withdrawal while a bonus is active unless the member forfeits it', async () => {
    const m = await bonusMember();
    const withdraw = (extra: object) =>
      t.call('apply-user-withdraw', { balance: 100_000, code: nextCode(), ...extra }, m.me);
    const refused = await withdraw({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: 'msg3607' });
    expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 2_000_000, held: 0, bonus: 500_000 });
    expect((await withdraw({ forfeitBonus: 'yes' })).statusCode).toBe(400);

    expect((await withdraw({ forfeitBonus: true })).json().status).toBe('success');
    expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 1_900_000, held: 100_000, bonus: 0 });
    const mine = await bonusesOf(t, m.me);
    expect(mine.active).toBeNull();
    expect(mine.history[0]).toMatchObject({ status: 'forfeited', returned: 500_000, converted: 0 });
    await expectSoundLedger(t.db);
  });

  it('expires a bonus past its end from housekeeping, and only those', async () => {
    const due = await bonusMember();
    const current = await bonusMember();
    await playRound(t, SECRET, due.slot, 100_000);
    await endBonusesOf(t.db, due.id);
    // Past its end, a stake no longer counts.
    await playRound(t, SECRET, due.slot, 100_000);
    expect(await expireBonuses(t.db)).toBe(1);
    expect((await bonusesOf(t, due.me)).history[0]).toMatchObject({
      status: 'expired',
      wageringDone: 100_000,
      returned: 500_000,
    });
    expect((await memberBalances(t.db, due.id)).bonus).toBe(0);
    expect((await bonusesOf(t, current.me)).active).toMatchObject({ status: 'active', balance: 500_000 });
    expect(await expireBonuses(t.db)).toBe(0);
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('bets, a conversion and a forfeiture racing: one closes the bonus, nothing is created or lost', async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const m = await bonusMember();
        for (let i = 0; i < 4; i++) await playRound(t, SECRET, m.slot, 200_000);
        const before = await auditLedger(t.db);
        const replies = await Promise.all([
          playRound(t, SECRET, m.slot, 200_000),
          t.call('convert-bonus', {}, m.me),
          playRound(t, SECRET, m.table, 150_000),
          t.call('apply-user-withdraw', { balance: 100_000, code: nextCode(), forfeitBonus: true }, m.me),
          playRound(t, SECRET, m.slot, 100_000),
        ]);
        const [convert, withdraw] = [replies[1], replies[3]] as {
          statusCode: number;
          json(): { status: string };
        }[];
        expect(convert!.statusCode).toBeLessThan(500);
        expect(withdraw!.statusCode).toBeLessThan(500);
        const [row] = await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, m.id));
        expect(['active', 'converted', 'forfeited']).toContain(row!.status);
        // At most one of them closed it: converted pays at most the cap, forfeited returns it all.
        if (row!.status === 'converted') expect(row).toMatchObject({ converted: 300_000, returned: 200_000 });
        if (row!.status === 'forfeited') expect(row).toMatchObject({ converted: 0, returned: 500_000 });
        if (convert!.statusCode === 200) expect(row!.status).toBe('converted');
        const after = await auditLedger(t.db);
        expect(after.promotions.problems).toEqual([]);
        expect(after.totalBalance).toBe(before.totalBalance);
        await expectSoundLedger(t.db);
      }
    });
  });
});
