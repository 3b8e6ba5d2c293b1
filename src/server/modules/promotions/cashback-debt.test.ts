import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { onlyCashback } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, playRound, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { payCashbacks } from './cashback.service.ts';
import { promoCashbackPayments } from './promotions.schema.ts';

const SECRET = 'cashback-debt-secret';

/**
 * A correction that takes back a win the member already spent leaves a debt, and counts the round as
 * lost: a cash cashback on that loss pays the debt first, as every credit from the house does.
 */
describe.runIf(backendAvailable)('promotions: cashback to a member who owes', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /**
   * The only cashback: 10 % uncapped, daily. A member who paid in 100,000, won 1,000,000, staked and
   * lost it, then had the win corrected to 0 (1,000,000 owed), all of it yesterday.
   */
  async function owingLoser() {
    await onlyCashback(t.db, as('owner'));
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 100_000);
    const game = await launchGame(t, token);
    const won = await playRound(t, SECRET, game, 100_000, 1_000_000);
    expect(won.win?.status).toBe('success');
    expect((await playRound(t, SECRET, game, 1_000_000, 0)).win?.status).toBe('success');
    const corrected = await walletRequest(
      t,
      'resettle',
      {
        txId: `${won.round.txId}-resettle`,
        roundId: won.round.roundId,
        refTxId: won.settle!.txId,
        reason: 'result corrected',
        amount: 0,
      },
      SECRET,
    );
    expect(corrected.json()).toMatchObject({ status: 'success', debt: 1_000_000 });
    expect(await debtOf(t, member.id)).toBe(1_000_000);
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${id}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${id}`,
    );
    return { id, loginId: member.id };
  }

  it('pays the debt from the cashback; only what is left stays with the member', async () => {
    const { id, loginId } = await owingLoser();
    // The rounds count 1,100,000 lost, though the member only ever paid in 100,000.
    await payCashbacks(t.db);
    const [paid] = await t.db
      .select()
      .from(promoCashbackPayments)
      .where(eq(promoCashbackPayments.memberId, id));
    expect(paid).toMatchObject({ netLoss: 1_100_000, amount: 110_000, outcome: 'paid' });
    // The 110,000 paid went to the debt: nothing to withdraw once the rest is written off.
    expect(await memberBalances(t.db, id)).toMatchObject({ cash: 0 });
    expect(await debtOf(t, loginId)).toBe(890_000);
    await payCashbacks(t.db);
    expect(await debtOf(t, loginId)).toBe(890_000);
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent payers pay the cashback once and collect the debt from it once', async () => {
      const { id, loginId } = await owingLoser();
      await Promise.all(Array.from({ length: 4 }, () => payCashbacks(t.db)));
      expect(await debtOf(t, loginId)).toBe(890_000);
      expect(await memberBalances(t.db, id)).toMatchObject({ cash: 0 });
      const moves = await queryRows<{ kind: string; n: number; amount: number }>(
        t.db,
        sql`select t.kind, count(*)::int as n, sum(t.amount)::int8 as amount
            from ledger_transfers t join ledger_accounts a on a.id in (t.from_account_id, t.to_account_id)
            where a.member_id = ${id} and a.kind = 'cash' and t.kind in ('cashback', 'debt_collection')
            group by t.kind order by t.kind`,
      );
      expect(moves.map((m) => [m.kind, m.n, Number(m.amount)])).toEqual([
        ['cashback', 1, 110_000],
        ['debt_collection', 1, 110_000],
      ]);
      await expectSoundLedger(t.db);
    });
  });
});
