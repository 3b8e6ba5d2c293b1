import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  askDeposit,
  bonusPlayer,
  depositWithPromo,
  useStakingCampaigns,
} from '../../../../test/support/promotions.ts';
import { publicData } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';
import { memberBalances } from '../ledger/ledger.service.ts';

const SECRET = 'vault-bonus-secret';

/**
 * A cash-first bonus stakes the member's cash before the bonus, and withdrawing that cash forfeits the
 * bonus. Moving it into the vault would take it out of play while the bonus runs: the member would
 * wager the bonus alone and keep the deposit whatever happens (a free bet of the bonus).
 */
describe.runIf(backendAvailable)('the vault while a bonus runs', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  const { as } = useOperators(t);
  const campaigns = useStakingCampaigns(t, () => as('owner'));

  it('refuses a move into the vault while a cash-first bonus is active; nothing moves', async () => {
    const p = await bonusPlayer(t, campaigns.cashFirst, SECRET);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    const res = await t.call('vault-deposit', { amount: 1_000_000 }, { token: p.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'already', msg: 'msg3610' });
    // The older front ends' twin answers the same.
    const older = await publicData(t, 'user/money_to_point', { balance: 1_000_000 }, { session: p.token });
    expect(older).toMatchObject({ status: 'already', msg: 'msg3610' });
    expect((await t.call('get-vault', {}, { token: p.token })).json()).toMatchObject({
      balance: 1_000_000,
      vault: 0,
    });
    // The cash stays in play: a stake takes it before the bonus, as the campaign says.
    await p.bet(400_000);
    expect(await p.balances()).toEqual({ cash: 600_000, bonus: 500_000 });
    await expectSoundLedger(t.db);
  });

  it('a cash-first bonus whose money is all lost no longer keeps the vault shut', async () => {
    const p = await bonusPlayer(t, campaigns.cashFirst, SECRET);
    const all = await p.bet(1_500_000); // the cash, then the whole bonus
    await p.win(all, 0);
    expect(await p.balances()).toEqual({ cash: 0, bonus: 0 });
    await fund(t, p.token, 200_000);
    const moved = await t.call('vault-deposit', { amount: 200_000 }, { token: p.token });
    expect(moved.json()).toMatchObject({ status: 'success', balance: 0, vault: 200_000 });
    await expectSoundLedger(t.db);
  });

  it('a bonus-first bonus stakes the bonus first anyway: the vault stays open, both ways', async () => {
    const p = await bonusPlayer(t, campaigns.bonusFirst, SECRET);
    const moved = await t.call('vault-deposit', { amount: 300_000 }, { token: p.token });
    expect(moved.json()).toMatchObject({ status: 'success', balance: 700_000, vault: 300_000 });
    const back = await t.call('vault-withdraw', { amount: 300_000 }, { token: p.token });
    expect(back.json()).toMatchObject({ status: 'success', balance: 1_000_000, vault: 0 });
    await expectSoundLedger(t.db);
  });

  it('money set aside before a cash-first bonus can still come back out: it only adds cash to stake first', async () => {
    const { token } = await t.login();
    await fund(t, token, 500_000);
    expect((await t.call('vault-deposit', { amount: 200_000 }, { token })).statusCode).toBe(200);
    await depositWithPromo(t, { token }, 1_000_000, campaigns.cashFirst);
    const back = await t.call('vault-withdraw', { amount: 200_000 }, { token });
    expect(back.json()).toMatchObject({ status: 'success', balance: 1_500_000, vault: 0 });
    await expectSoundLedger(t.db);
  });

  it.runIf(isPostgres)(
    'a move racing the approval that grants the bonus moves only cash the member had before it',
    async () => {
      const players = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { token, member } = await t.login();
          await fund(t, token, 300_000);
          const asked = await askDeposit(t, { token }, 1_000_000, campaigns.cashFirst);
          return {
            token,
            id: await memberIdOf(t.db, member.id),
            requestId: asked.json().requestId as number,
          };
        }),
      );
      // Each member sets aside everything they may have while the operator approves their deposit.
      await Promise.all(
        players.flatMap((p) => [
          approveDeposit(t.db, p.requestId, { by: 'test-operator' }),
          t.call('vault-deposit', { amount: 1_300_000 }, { token: p.token }),
          t.call('vault-deposit', { amount: 300_000 }, { token: p.token }),
        ]),
      );
      for (const p of players) {
        const { cash, vault, bonus } = await memberBalances(t.db, p.id);
        expect(bonus).toBe(500_000);
        // Never the deposit the bonus came with: at most the cash from before, moved before the grant.
        expect([0, 300_000]).toContain(vault);
        expect(cash + vault).toBe(1_300_000);
      }
      await expectSoundLedger(t.db);
    },
  );
});
