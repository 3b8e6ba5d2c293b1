import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, nextCode } from '../../../../test/support/money.ts';
import { KO_SITE, memberOn } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { HOUSE_SHARDS } from '../ledger/house-shards.ts';
import { auditLedger, isLedgerSound } from '../ledger/ledger.audit.ts';
import { memberBalances, transfer } from '../ledger/ledger.service.ts';

/** Bonus money on the ledger (issue 36, part 1): its accounts, and the audit that keeps it in its lane. */
describe.runIf(backendAvailable)('bonus money on the ledger', () => {
  const t = useTestApp({}, { seedDemo: true });

  it("opens each member's bonus account in their site's currency, and the promotions expense per currency and shard", async () => {
    const th = (await memberOn(t)).id;
    const ko = (await memberOn(t, KO_SITE)).id;
    const bonusOf = (id: number) =>
      queryRows<{ currency: string; balance: number }>(
        t.db,
        sql`select currency, balance from ledger_accounts where member_id = ${id} and kind = 'bonus'`,
      );
    expect(await bonusOf(th)).toEqual([{ currency: 'THB', balance: 0 }]);
    expect(await bonusOf(ko)).toEqual([{ currency: 'KRW', balance: 0 }]);
    const shards = await queryRows<{ currency: string; n: number }>(
      t.db,
      sql`select currency, count(*)::int as n from ledger_accounts
          where member_id is null and kind = 'promo_expense' group by currency order by currency`,
    );
    expect(shards).toEqual([
      { currency: 'KRW', n: HOUSE_SHARDS },
      { currency: 'THB', n: HOUSE_SHARDS },
    ]);
  });

  it('moves bonus money only by keyed transfers; the audit wants each to name a bonus of its member', async () => {
    const memberId = (await memberOn(t)).id;
    let audit: Awaited<ReturnType<typeof auditLedger>> | undefined;
    await t.db
      .transaction(async (tx) => {
        const grant = {
          idempotencyKey: `test-bonus:${nextCode()}`,
          from: { house: 'promo_expense' as const },
          to: { memberId, kind: 'bonus' as const },
          amount: 12_345,
          kind: 'bonus_grant' as const,
        };
        expect((await transfer(tx, grant)).applied).toBe(true);
        expect((await transfer(tx, grant)).applied).toBe(false);
        await transfer(tx, {
          idempotencyKey: `test-bonus:${nextCode()}`,
          from: { memberId, kind: 'bonus' },
          to: { memberId, kind: 'cash' },
          amount: 12_000,
          kind: 'bonus_convert',
        });
        await transfer(tx, {
          idempotencyKey: `test-bonus:${nextCode()}`,
          from: { memberId, kind: 'bonus' },
          to: { house: 'promo_expense' },
          amount: 345,
          kind: 'bonus_cap_return',
        });
        expect(await memberBalances(tx, memberId)).toMatchObject({ cash: 12_000, bonus: 0 });
        audit = await auditLedger(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    // Between the right accounts, but made behind the promotions module's back: no bonus row names them.
    expect(audit?.strayBonusTransfers).toBe(0);
    expect(audit?.driftedAccounts).toEqual([]);
    expect(audit?.promotions.problems).toEqual(['3 bonus-account transfers name no bonus of their member']);
    await expectSoundLedger(t.db);
  });

  it('audits bonus money moved anywhere else (here: to the adjustments account) as stray', async () => {
    const memberId = (await memberOn(t)).id;
    let audit: Awaited<ReturnType<typeof auditLedger>> | undefined;
    await t.db
      .transaction(async (tx) => {
        for (const [from, to] of [
          [{ house: 'adjustments' as const }, { memberId, kind: 'bonus' as const }],
          [
            { memberId, kind: 'bonus' as const },
            { memberId, kind: 'vault' as const },
          ],
        ] as const) {
          await transfer(tx, {
            idempotencyKey: `test-stray:${nextCode()}`,
            from,
            to,
            amount: 10,
            kind: 'adjustment',
          });
        }
        audit = await auditLedger(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(audit?.strayBonusTransfers).toBe(2);
    expect(isLedgerSound(audit!)).toBe(false);
    await expectSoundLedger(t.db);
  });
});
