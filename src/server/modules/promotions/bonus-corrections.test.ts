import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { poolBalance } from '../../../../test/support/jackpot.ts';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusPlayer, endBonusesOf, useStakingCampaigns } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { expireBonuses } from './bonus-close.service.ts';

const SECRET = 'test-wallet-secret';

/**
 * Corrections (unsettle, resettle) and jackpot wins of rounds staked with bonus money follow the
 * stake's source as wins do: the bonus share to or from the bonus while it is active, to or from the
 * promotions expense once it has ended; never the member's cash.
 */
describe.runIf(backendAvailable)('promotions: corrections and jackpots of bonus rounds', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  const { as } = useOperators(t);
  const campaigns = useStakingCampaigns(t, () => as('owner'));

  async function player(campaign: number) {
    const { id, bet, win, correct, balances } = await bonusPlayer(t, campaign, SECRET);
    const end = async () => {
      await endBonusesOf(t.db, id);
      expect(await expireBonuses(t.db)).toBe(1);
    };
    return { id, bet, win, correct, balances, end };
  }

  const expectAccounted = async () => {
    const audit = await auditLedger(t.db);
    expect(audit.strayBonusTransfers).toBe(0);
    expect(audit.promotions.problems).toEqual([]);
    expect(audit.jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  };

  it('a resettle and an unsettle of a round staked from the bonus move bonus money only', async () => {
    const p = await player(campaigns.bonusFirst);
    const round = await p.bet(100_000);
    const won = await p.win(round, 250_000);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 650_000 });
    const resettled = (await p.correct('resettle', round, won, 400_000)).txId;
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 800_000 });
    await p.correct('unsettle', round, resettled);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 400_000 });
    // The reopened round's new win follows its stake again.
    await p.win({ txId: `${round.txId}-again`, roundId: round.roundId }, 50_000);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 450_000 });
    await expectAccounted();
  });

  it('a mixed stake corrects each part in its own money', async () => {
    const p = await player(campaigns.cashFirst);
    const round = await p.bet(1_200_000); // 1,000,000 cash and 200,000 bonus: a sixth
    const won = await p.win(round, 600_000);
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 400_000 });
    const resettled = (await p.correct('resettle', round, won, 1_200_000)).txId;
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    await p.correct('resettle', round, resettled, 60_000);
    expect(await p.balances()).toEqual({ cash: 50_000, bonus: 310_000 });
    await expectAccounted();
  });

  it('takes back no more bonus money than the bonus holds, and never from cash', async () => {
    const p = await player(campaigns.bonusFirst);
    const round = await p.bet(100_000);
    const won = await p.win(round, 250_000);
    const lost = await p.bet(650_000);
    await p.win(lost, 0);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 0 });
    await p.correct('unsettle', round, won);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 0 });
    await expectAccounted();
  });

  it('once the bonus has ended, the bonus share is corrected against the promotions expense', async () => {
    const p = await player(campaigns.cashFirst);
    const round = await p.bet(1_200_000);
    const won = await p.win(round, 600_000);
    await p.end();
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 0 });
    const resettled = (await p.correct('resettle', round, won, 1_200_000)).txId;
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 0 });
    await p.correct('unsettle', round, resettled);
    expect(await p.balances()).toEqual({ cash: 0, bonus: 0 });
    const [moved] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_transfers where kind = 'bonus_correction_returned'
          and reference ->> 'roundId' = ${round.roundId}`,
    );
    expect(moved!.n).toBe(2);
    await expectAccounted();
  });

  it("pays a jackpot hit by a bonus stake to the bonus, in the stake's share", async () => {
    const p = await player(campaigns.cashFirst);
    const round = await p.bet(1_200_000); // a sixth from the bonus
    const pool = await poolBalance(t.db);
    const before = await p.balances();
    const hit = await walletRequest(
      t,
      'jackpot',
      { txId: `${round.txId}-jp`, roundId: round.roundId },
      SECRET,
    );
    expect(hit.json()).toMatchObject({ status: 'success', amount: pool });
    const share = Math.floor(pool / 6);
    expect(await p.balances()).toEqual({ cash: before.cash + pool - share, bonus: before.bonus + share });
    await expectAccounted();
  });

  it('pays the bonus share of a jackpot to the promotions expense once the bonus has ended', async () => {
    const p = await player(campaigns.bonusFirst);
    const round = await p.bet(100_000); // all bonus money
    await p.end();
    const pool = await poolBalance(t.db);
    const hit = await walletRequest(
      t,
      'jackpot',
      { txId: `${round.txId}-jp`, roundId: round.roundId },
      SECRET,
    );
    expect(hit.json()).toMatchObject({ status: 'success', amount: pool });
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 0 });
    await expectAccounted();
  });
});
