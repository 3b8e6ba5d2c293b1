import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { approveDeposit } from '../../src/server/modules/cashier/deposits.service.ts';
import { memberBalances } from '../../src/server/modules/ledger/ledger.service.ts';
import { promoBonuses } from '../../src/server/modules/promotions/promotions.schema.ts';
import { memberIdOf, nextCode } from './money.ts';
import type { AdminClient } from './operators.ts';
import type { CallOptions, TestApp } from './test-app.ts';
import { launchGame, walletIds, walletRequest } from './wallet.ts';

/** A campaign body for the admin API: by default a first-deposit 100 % bonus in baht (the demo's Thai site), live for a month. */
export const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome 100%',
  type: 'first_deposit',
  currency: 'THB',
  percentBps: 10_000,
  cap: 500_000,
  minDeposit: 100_000,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  wageringMultiple: 10,
  terms: { th: 'โบนัสต้อนรับ 100%', en: 'Welcome bonus 100%' },
  ...overrides,
});

/** Creates a campaign through the back office; its id. */
export async function createCampaign(owner: AdminClient, overrides: Record<string, unknown> = {}) {
  const res = await owner.post('/api/admin/promotions/campaigns', campaignBody(overrides));
  if (res.statusCode !== 200) throw new Error(`campaign refused: ${res.body}`);
  return res.json().campaign.id as number;
}

/**
 * The only cashback campaign running (every other one switched off): 10 % of a day's net loss,
 * uncapped, started three days ago, so yesterday's play is in its periods; `overrides` as campaignBody's.
 * Its id.
 */
export async function onlyCashback(db: Db, owner: AdminClient, overrides: Record<string, unknown> = {}) {
  await db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
  return createCampaign(owner, {
    name: 'Cashback 10% uncapped',
    type: 'cashback',
    percentBps: 1_000,
    cap: null,
    cashbackPeriodDays: 1,
    startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    wageringMultiple: 1,
    ...overrides,
  });
}

/** A deposit request opting into `promo`; the reply. */
export const askDeposit = (t: TestApp, as: CallOptions, amount: number, promo?: number) =>
  t.call('apply-user-deposit', { balance: amount, code: nextCode(), ...(promo ? { promo } : {}) }, as);

/** A deposit opting into `promo`, approved by an operator: the request id. */
export async function depositWithPromo(t: TestApp, as: CallOptions, amount: number, promo: number) {
  const res = await askDeposit(t, as, amount, promo);
  expect(res.json()).toMatchObject({ status: 'success' });
  const requestId = res.json().requestId as number;
  await approveDeposit(t.db, requestId, { by: 'test-operator' });
  return requestId;
}

/** The member's bonuses as get-my-bonuses answers. */
export const bonusesOf = async (t: TestApp, as: CallOptions) =>
  (await t.call('get-my-bonuses', {}, as)).json();

/**
 * The two campaigns the bonus staking tests compare, created on the demo sites before the file's tests:
 * 100 % of a first deposit staked bonus first, and 50 % of every deposit staked cash first; both ×2 wagering.
 */
export function useStakingCampaigns(t: TestApp, owner: () => AdminClient) {
  const campaigns = { bonusFirst: 0, cashFirst: 0 };
  beforeAll(async () => {
    await seedDemo(t.db);
    t.app.sites.invalidate();
    campaigns.bonusFirst = await createCampaign(owner(), { stakeOrder: 'bonus_first', wageringMultiple: 2 });
    campaigns.cashFirst = await createCampaign(owner(), {
      type: 'every_deposit',
      percentBps: 5_000,
      cap: null,
      wageringMultiple: 2,
    });
  });
  return campaigns;
}

/** A round's two wallet ids, as a bet sends them. */
type RoundIds = { txId: string; roundId: string };

/**
 * A member who deposited 1,000,000 into `campaign` and opened a house game: `wallet` calls the house
 * wallet for that game (signed with `secret`), `balances` reads their cash and bonus from the ledger.
 * `bet`, `win` and `correct` (an unsettle or resettle of `refTxId`) expect the wallet's success.
 */
export async function bonusPlayer(t: TestApp, campaign: number, secret: string) {
  const { token, member } = await t.login();
  await depositWithPromo(t, { token }, 1_000_000, campaign);
  const id = await memberIdOf(t.db, member.id);
  const game = await launchGame(t, token);
  const wallet = (op: string, body: object) => walletRequest(t, op, body, secret);
  const balances = async () => {
    const b = await memberBalances(t.db, id);
    return { cash: b.cash, bonus: b.bonus };
  };
  const bet = async (amount: number) => {
    const ids = walletIds();
    expect((await wallet('bet', { ...ids, token: game, amount })).json().status).toBe('success');
    return ids;
  };
  const win = async (ids: RoundIds, amount: number) => {
    const txId = `${ids.txId}-win`;
    expect((await wallet('win', { txId, roundId: ids.roundId, amount })).json().status).toBe('success');
    return txId;
  };
  let corrections = 0;
  const correct = async (op: 'unsettle' | 'resettle', ids: RoundIds, refTxId: string, amount?: number) => {
    corrections += 1;
    const txId = `${ids.txId}-${op}-${corrections}`;
    const res = await wallet(op, { txId, roundId: ids.roundId, refTxId, reason: 'result corrected', amount });
    expect(res.json()).toMatchObject({ status: 'success' });
    return { txId, reply: res.json() as { balance: number; debt: number } };
  };
  return { id, token, game, wallet, balances, bet, win, correct };
}

/** The member's bonuses reach their end (a second ago): housekeeping's expireBonuses closes them next. */
export async function endBonusesOf(db: Db, memberId: number): Promise<void> {
  await db
    .update(promoBonuses)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(promoBonuses.memberId, memberId));
}
