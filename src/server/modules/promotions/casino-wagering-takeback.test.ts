import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  bonusesOf,
  bonusPlayer,
  depositWithPromo,
  useStakingCampaigns,
} from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { memberBalances } from '../ledger/ledger.service.ts';

const SECRET = 'casino-takeback-secret';

/**
 * A rolled-back casino stake takes back exactly what it counted towards a bonus's wagering, from the bonus
 * it counted for (promo_casino_wagers, promo_unwager), even once the requirement is met; a conversion
 * waits for the rounds that can still be rolled back (found by a red-team review: a 1,000,000 stake
 * that met ×2 wagering on a 500,000 bonus and was then rolled back let the bonus convert to cash).
 */
describe.runIf(backendAvailable)('promotions: a casino rollback takes back its wagering', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  const { as } = useOperators(t);
  // every_deposit 50 %, ×2: a 1,000,000 deposit gives a 500,000 bonus needing 1,000,000 wagered (slots 100 %).
  const campaigns = useStakingCampaigns(t, () => as('owner'));
  const wallet = (op: string, body: object) => walletRequest(t, op, body, SECRET);
  const rollback = async (ids: { txId: string }) => {
    const res = await wallet('rollback', { txId: `${ids.txId}-rb`, refTxId: ids.txId });
    expect(res.json()).toMatchObject({ status: 'success', result: 'refunded' });
  };

  it('a stake that met the requirement and is rolled back no longer counts: the bonus does not convert', async () => {
    const p = await bonusPlayer(t, campaigns.cashFirst, SECRET);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    const round = await p.bet(1_000_000); // all cash (cash first): wagering 1,000,000 of 1,000,000
    expect((await bonusesOf(t, { token: p.token })).active.wageringDone).toBe(1_000_000);
    await rollback(round);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    const progress = (await bonusesOf(t, { token: p.token })).active.wageringDone;
    const convert = await t.call('convert-bonus', {}, { token: p.token });
    expect({ progress, convert: convert.statusCode }).toEqual({ progress: 0, convert: 409 });
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    // Played again and lost, the requirement is met for real: the bonus converts.
    const again = await p.bet(1_000_000);
    await p.win(again, 0);
    expect((await t.call('convert-bonus', {}, { token: p.token })).statusCode).toBe(200);
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 0 });
    await expectSoundLedger(t.db);
  });

  it('a conversion waits for the round that met the requirement; its rollback then leaves the bonus unpaid', async () => {
    const p = await bonusPlayer(t, campaigns.cashFirst, SECRET);
    const round = await p.bet(1_000_000); // the round is still open (no win yet)
    const early = await t.call('convert-bonus', {}, { token: p.token });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ msg: 'msg3600' });
    // The progress shows the whole count meanwhile.
    expect((await bonusesOf(t, { token: p.token })).active.wageringDone).toBe(1_000_000);
    await rollback(round);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    expect((await bonusesOf(t, { token: p.token })).active.wageringDone).toBe(0);
    // A round that closes (lost) counts: the conversion goes through.
    const played = await p.bet(1_000_000);
    await p.win(played, 0);
    expect((await t.call('convert-bonus', {}, { token: p.token })).statusCode).toBe(200);
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 0 });
    await expectSoundLedger(t.db);
  });

  it('a rollback of a stake placed before the bonus takes nothing from the bonus', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 500_000);
    const game = await launchGame(t, token);
    const early = walletIds();
    expect((await wallet('bet', { ...early, token: game, amount: 100_000 })).json().status).toBe('success');
    await depositWithPromo(t, { token }, 1_000_000, campaigns.cashFirst);
    const later = walletIds();
    expect((await wallet('bet', { ...later, token: game, amount: 300_000 })).json().status).toBe('success');
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(300_000);
    await rollback(early);
    expect((await memberBalances(t.db, id)).cash).toBe(1_500_000 - 300_000);
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(300_000);
    // The bonus's own stake rolled back takes back exactly its own count.
    await rollback(later);
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(0);
    await expectSoundLedger(t.db);
  });
});
