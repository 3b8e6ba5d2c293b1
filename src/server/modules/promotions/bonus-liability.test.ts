import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo, endBonusesOf } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { expireBonuses } from './bonus-close.service.ts';

/** The back office's dashboard shows the bonus money members hold, per currency. */
describe.runIf(backendAvailable)('promotions: bonus liability on the dashboard', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  let campaign: number;
  beforeAll(async () => {
    campaign = await createCampaign(as('owner'), { type: 'every_deposit', percentBps: 5_000, cap: null });
  });

  const liability = async () => {
    const res = await as('cashier').get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json().bonusLiability as { currency: string; amount: number; activeBonuses: number }[];
  };
  /** What members' bonus accounts hold, per currency, read from every account. */
  const held = async () =>
    Object.fromEntries(
      (
        await queryRows<{ currency: string; total: number }>(
          t.db,
          sql`select currency, sum(balance)::int8 as total from ledger_accounts where kind = 'bonus' group by currency`,
        )
      ).map((r) => [r.currency, Number(r.total)]),
    );

  it('lists every site currency apart, each with what its bonus accounts hold', async () => {
    const before = await liability();
    const currencies = (
      await queryRows<{ currency: string }>(t.db, sql`select distinct currency from sites`)
    ).map((r) => r.currency);
    expect(before.map((r) => r.currency)).toEqual([...currencies].sort());
    const thb = () => liability().then((rows) => rows.find((r) => r.currency === 'THB')!);
    const start = await thb();

    const { token, member } = await t.login();
    await depositWithPromo(t, { token }, 1_000_000, campaign);
    expect(await thb()).toEqual({
      currency: 'THB',
      amount: start.amount + 500_000,
      activeBonuses: start.activeBonuses + 1,
    });
    for (const row of await liability()) expect(row.amount).toBe((await held())[row.currency] ?? 0);

    const id = await memberIdOf(t.db, member.id);
    await endBonusesOf(t.db, id);
    await expireBonuses(t.db);
    expect(await thb()).toEqual(start);
    await expectSoundLedger(t.db);
  });
});
