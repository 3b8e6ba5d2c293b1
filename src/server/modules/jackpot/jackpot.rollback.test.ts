import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openRound, poolBalance, SECRET, shardUnits } from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { walletBet, walletRollback } from '../games/wallet/wallet.service.ts';
import { bodyHash } from '../games/wallet/wallet-signature.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

const RESEED = 10_000_000;
// 1 % of 1,000,000: the share a stake of 1,000,000 completes whatever fraction its shard was carrying.
const STAKE = 1_000_000;
const SHARE = 10_000;

/**
 * A bet's jackpot share is a cost of the bet: where the provider rolls the bet back (its own rollback,
 * or after an unsettle), the share leaves the pool back to the game revenue that paid it, once.
 * Unless a win already paid it out: then the house bears it and the pool is untouched.
 */
describe.runIf(backendAvailable)('the jackpot share of a rolled-back bet', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
  const memberOf = async (gameToken: string) =>
    Number((await wallet('authenticate', { token: gameToken })).json().playerId);
  /** All of the house's game revenue (every shard). */
  const houseRevenue = async () => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select coalesce(sum(balance), 0)::int8 as n from ledger_accounts where member_id is null and kind = 'game_revenue'`,
    );
    return Number(row!.n);
  };
  const takenBack = async (betTxId: string) => {
    const [row] = await queryRows<{ n: number; transfers: number }>(
      t.db,
      sql`select coalesce(sum(amount), 0)::int8 as n, count(*)::int as transfers from ledger_transfers
          where kind = 'jackpot_contribution_rollback' and reference ->> 'txId' = ${betTxId}`,
    );
    return { amount: Number(row!.n), transfers: row!.transfers };
  };
  /** The balance of the pool account of a member's shard. */
  const poolShard = async (member: number) => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select a.balance::int8 as n from jackpot_shards s join ledger_accounts a on a.id = s.account_id
          where s.shard = house_shard(${member})`,
    );
    return Number(row!.n);
  };

  it('leaves the pool back to the game revenue, once, however often the rollback is sent', async () => {
    const p = await launchedPlayer(t, 2_000_000);
    const member = await memberOf(p.gameToken);
    const [pool, revenue, units] = [
      await poolBalance(t.db),
      await houseRevenue(),
      await shardUnits(t.db, member),
    ];
    const round = await openRound(t, p.gameToken, STAKE);
    // Today's source of the share: the member pays the stake, the game revenue passes 1 % on to the pool.
    expect(await poolBalance(t.db)).toBe(pool + SHARE);
    expect(await houseRevenue()).toBe(revenue + STAKE - SHARE);

    const rollback = { txId: `${round.txId}-rb`, refTxId: round.txId };
    const first = await wallet('rollback', rollback);
    expect(first.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 2_000_000 });
    // Everyone is where they were before the bet: the member, the house and the pool.
    expect(await poolBalance(t.db)).toBe(pool);
    expect(await houseRevenue()).toBe(revenue);
    expect(await shardUnits(t.db, member)).toBe(units);
    expect(await takenBack(round.txId)).toEqual({ amount: SHARE, transfers: 1 });
    // The member's statement names the stake and its refund; the share given back is the house's own move.
    const games = (await t.call('get-user-statement', { kind: 'game' }, { token: p.token })).json().list as {
      kind: string;
      amount: number;
    }[];
    expect(games.map((l) => [l.kind, l.amount])).toEqual([
      ['bet_rollback', STAKE],
      ['bet', -STAKE],
    ]);
    const all = (await t.call('get-user-statement', {}, { token: p.token })).json().list as {
      kind: string;
    }[];
    expect(all.map((l) => l.kind)).not.toContain('jackpot_contribution_rollback');

    // The provider's retry (same id) and a second rollback (another id): nothing moves again.
    expect((await wallet('rollback', rollback)).json()).toEqual(first.json());
    const other = await wallet('rollback', { txId: `${round.txId}-rb2`, refTxId: round.txId });
    expect(other.json()).toMatchObject({ status: 'success', result: 'already_rolled_back' });
    expect(await poolBalance(t.db)).toBe(pool);
    expect(await takenBack(round.txId)).toEqual({ amount: SHARE, transfers: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(2_000_000);

    const audit = await auditLedger(t.db);
    expect(audit.jackpot.rolledBack).toBeGreaterThanOrEqual(SHARE);
    await expectSoundLedger(t.db);
  });

  it('takes back the share of a bet rolled back after its round was unsettled', async () => {
    const p = await launchedPlayer(t, 2_000_000);
    const pool = await poolBalance(t.db);
    const played = await playRound(t, SECRET, p.gameToken, STAKE, 0);
    expect(await poolBalance(t.db)).toBe(pool + SHARE);
    const unsettle = await wallet('unsettle', {
      txId: `${played.round.txId}-unsettle`,
      roundId: played.round.roundId,
      refTxId: played.settle!.txId,
      reason: 'wrong result',
    });
    expect(unsettle.json()).toMatchObject({ status: 'success' });
    const rolled = await wallet('rollback', { txId: `${played.round.txId}-rb`, refTxId: played.round.txId });
    expect(rolled.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 2_000_000 });
    expect(await poolBalance(t.db)).toBe(pool);
    expect(await takenBack(played.round.txId)).toEqual({ amount: SHARE, transfers: 1 });
    await expectSoundLedger(t.db);
  });

  it('leaves the pool alone for a share a win already paid out (the house bears it), not for one after', async () => {
    const a = await launchedPlayer(t, 3_000_000);
    const b = await launchedPlayer(t, 1_000_000);
    const member = await memberOf(a.gameToken);
    const revenue = await houseRevenue();
    // A's round takes a bet before B hits the jackpot, and another after it.
    const round = await openRound(t, a.gameToken, STAKE);
    const hit = await openRound(t, b.gameToken, 10_000);
    const claim = await wallet('jackpot', { txId: `${hit.txId}-jackpot`, roundId: hit.roundId });
    expect(claim.json()).toMatchObject({ status: 'success', reseed: RESEED });
    expect(await poolBalance(t.db)).toBe(RESEED);
    const later = { txId: `${round.txId}-2`, roundId: round.roundId };
    expect((await wallet('bet', { ...later, token: a.gameToken, amount: STAKE })).json().status).toBe(
      'success',
    );
    expect(await poolBalance(t.db)).toBe(RESEED + SHARE);
    const units = await shardUnits(t.db, member);

    // The first bet's share went to B with the pool: the pool (only the reseed and the later share)
    // gives nothing back, its units stay counted; the member is refunded in full by the house.
    const early = await wallet('rollback', { txId: `${round.txId}-rb`, refTxId: round.txId });
    expect(early.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 2_000_000 });
    expect(await poolBalance(t.db)).toBe(RESEED + SHARE);
    expect(await shardUnits(t.db, member)).toBe(units);
    expect(await takenBack(round.txId)).toEqual({ amount: 0, transfers: 0 });

    // The second bet's share is still in the pool: it goes back; the pool keeps its reseed.
    const late = await wallet('rollback', { txId: `${later.txId}-rb`, refTxId: later.txId });
    expect(late.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 3_000_000 });
    expect(await poolBalance(t.db)).toBe(RESEED);
    expect(await shardUnits(t.db, member)).toBe(units - BigInt(STAKE * 100));
    expect(await takenBack(later.txId)).toEqual({ amount: SHARE, transfers: 1 });
    // The house: B's 10,000 stake less its share (100), the first share it bore (10,000 to B's win).
    expect(await houseRevenue()).toBe(revenue + 10_000 - 100 - SHARE);
    await expectSoundLedger(t.db);
  });

  it('takes a share back from the one pot when its batch posted it to another shard’s account', async () => {
    const [w, a, b] = [
      await launchedPlayer(t, 100_000),
      await launchedPlayer(t, 2_000_000),
      await launchedPlayer(t, 2_000_000),
    ];
    // A win first: the whole pool then sits in the winner's shard, every other shard's account is empty.
    const hit = await openRound(t, w.gameToken, 10_000);
    expect(
      (await wallet('jackpot', { txId: `${hit.txId}-jackpot`, roundId: hit.roundId })).json().status,
    ).toBe('success');
    const [memberA, memberB] = [await memberOf(a.gameToken), await memberOf(b.gameToken)];
    // A's and B's bets in one wallet batch (service calls of one turn: certain to share it): both shares
    // land in A's shard's account, as one transfer.
    const bet = (gameToken: string) => {
      const req = { ...walletIds(), token: gameToken, amount: STAKE };
      return walletBet(t.db, t.config, 'house', bodyHash(Buffer.from(JSON.stringify(req))), req).then(
        () => req,
      );
    };
    const [, betB] = await Promise.all([bet(a.gameToken), bet(b.gameToken)]);
    expect(await poolShard(memberA)).toBe(2 * SHARE);
    expect(await poolShard(memberB)).toBe(0);

    const rolled = await wallet('rollback', { txId: `${betB.txId}-rb`, refTxId: betB.txId });
    expect(rolled.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 2_000_000 });
    expect(await poolBalance(t.db)).toBe(RESEED + SHARE);
    // B's own shard's account held none of it: the share came from another account of the one pot.
    expect(await poolShard(memberB)).toBe(0);
    expect(await takenBack(betB.txId)).toEqual({ amount: SHARE, transfers: 1 });
    await expectSoundLedger(t.db);
  });

  it('takes the share back when the bet and its rollback arrive in one wallet batch', async () => {
    const p = await launchedPlayer(t, 2_000_000);
    const pool = await poolBalance(t.db);
    const hash = (req: object) => bodyHash(Buffer.from(JSON.stringify(req)));
    const betReq = { ...walletIds(), token: p.gameToken, amount: STAKE };
    const rollbackReq = { txId: `${betReq.txId}-rb`, refTxId: betReq.txId };
    // Service calls of one turn: certain to share a batch (the bet runs first, as its member's first call).
    const [bet, rolled] = await Promise.all([
      walletBet(t.db, t.config, 'house', hash(betReq), betReq),
      walletRollback(t.db, 'house', hash(rollbackReq), rollbackReq),
    ]);
    expect(bet).toMatchObject({ status: 'success' });
    expect(rolled).toMatchObject({ status: 'success', result: 'refunded', balance: 2_000_000 });
    expect(await poolBalance(t.db)).toBe(pool);
    expect(await takenBack(betReq.txId)).toEqual({ amount: SHARE, transfers: 1 });
    await expectSoundLedger(t.db);
  });
});
