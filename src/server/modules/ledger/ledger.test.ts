import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balancesOf,
  expectSoundLedger,
  fund,
  memberIdOf,
  nextCode,
  setCompSettings,
} from '../../../../test/support/money.ts';
import { prng } from '../../../../test/support/prng.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../db/seed-demo.ts';
import { findSessionMember } from '../accounts/sessions.service.ts';
import { compMinimum } from '../cashier/comp.service.ts';
import { approveDeposit, cancelDeposit } from '../cashier/deposits.service.ts';
import { approveWithdrawal, rejectWithdrawal } from '../cashier/withdrawals.service.ts';
import { auditLedger, isLedgerSound } from './ledger.audit.ts';
import { IdempotencyConflict, InsufficientFunds, memberBalances, transfer } from './ledger.service.ts';

const SECRET = 'ledger-wallet-secret';

describe.runIf(backendAvailable)('ledger', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  beforeAll(() => seedDemo(t.db)); // the games catalogue, for rounds through the wallet

  it('applies a key once: a repeat returns the first transfer, another body under the same key is refused', async () => {
    const { member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const input = {
      idempotencyKey: `test:${nextCode()}`,
      from: { house: 'adjustments' as const },
      to: { memberId, kind: 'cash' as const },
      amount: 25_000,
      kind: 'adjustment' as const,
    };
    const first = await transfer(t.db, input);
    expect(first.applied).toBe(true);
    const repeat = await transfer(t.db, input);
    expect(repeat).toMatchObject({ transferId: first.transferId, applied: false });
    await expect(transfer(t.db, { ...input, amount: 30_000 })).rejects.toBeInstanceOf(IdempotencyConflict);
    await expect(transfer(t.db, { ...input, to: { memberId, kind: 'comp' } })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    expect((await memberBalances(t.db, memberId)).cash).toBe(25_000);
  });

  it('never overdraws a member account, and corrections are reversing transfers', async () => {
    const { member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const credit = await transfer(t.db, {
      idempotencyKey: `test:${nextCode()}`,
      from: { house: 'adjustments' },
      to: { memberId, kind: 'cash' },
      amount: 10_000,
      kind: 'adjustment',
    });
    const overdraw = transfer(t.db, {
      idempotencyKey: `test:${nextCode()}`,
      from: { memberId, kind: 'cash' },
      to: { house: 'game_revenue' },
      amount: 10_001,
      kind: 'adjustment', // a bet's kind is the wallet's own (ledger_transfer refuses it)
    });
    await expect(overdraw).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(overdraw).rejects.toMatchObject({ balance: 10_000 });
    await transfer(t.db, {
      idempotencyKey: `reverse:${credit.transferId}`,
      from: { memberId, kind: 'cash' },
      to: { house: 'adjustments' },
      amount: 10_000,
      kind: 'adjustment_reversal',
      reversesId: credit.transferId,
    });
    expect(await memberBalances(t.db, memberId)).toEqual({ cash: 0, comp: 0, held: 0, vault: 0, bonus: 0 });
    await expectSoundLedger(t.db);
  });

  it('refuses a transfer naming an account that does not exist, and records nothing', async () => {
    // ledger_transfers has no foreign keys (migration 0008): ledger_move itself must refuse.
    const key = `test:${nextCode()}`;
    const house = sql`(select id from ledger_accounts where member_id is null and kind = 'adjustments' and shard = 0 order by id limit 1)`;
    const before = await queryRows<{ balance: number }>(
      t.db,
      sql`select balance from ledger_accounts where id = ${house}`,
    );
    for (const [from, to] of [
      [house, sql`-1`],
      [sql`-1`, house],
    ]) {
      const post = sql`select * from ledger_post(${key}, ${from}, ${to}, 500, 'adjustment', '{}'::jsonb, null)`;
      await expect(queryRows(t.db, post)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/must both exist/) },
      });
    }
    expect(
      await queryRows(t.db, sql`select id from ledger_transfers where idempotency_key = ${key}`),
    ).toEqual([]);
    expect(await queryRows(t.db, sql`select balance from ledger_accounts where id = ${house}`)).toEqual(
      before,
    );
  });

  it('audits a transfer naming a missing account as malformed', async () => {
    // Only ledger_move writes transfers; this one is written behind its back, then rolled back.
    let audit: Awaited<ReturnType<typeof auditLedger>> | undefined;
    await t.db
      .transaction(async (tx) => {
        await queryRows(
          tx,
          sql`insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind)
              values (${`test:${nextCode()}`}, -1, -2, 500, 'adjustment')`,
        );
        audit = await auditLedger(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(audit?.malformedTransfers).toBe(1);
    expect(isLedgerSound(audit!)).toBe(false);
    await expectSoundLedger(t.db);
  });

  it('keeps every invariant through a randomised sequence of deposits, approvals, withdrawals, rejections, rounds played and comp exchanges', async () => {
    const random = prng(20261122);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const players = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { token, member } = await t.login();
        const gameToken = await launchGame(t, token);
        return {
          token,
          gameToken,
          id: await memberIdOf(t.db, member.id),
          model: { cash: 0, held: 0, comp: 0 },
        };
      }),
    );
    // Comp accrues in the wallet's SQL when a round closes: 2000 bp (20 %) of a level-1 member's slot stake.
    // The minimum is in the site's major units: 100 baht, 10,000 satang.
    await setCompSettings(t, { minExchange: 100, rates: { '1': { slot: 2_000 } } });
    const site = await t.app.sites.resolve('localhost');
    expect(compMinimum(site)).toBe(10_000);
    const done = { played: 0, exchanged: 0 };

    for (let step = 0; step < 150; step++) {
      const p = pick(players);
      const amount = (1 + Math.floor(random() * 5)) * 10_000;
      const op = pick([
        'deposit',
        'deposit-cancel',
        'withdraw',
        'withdraw-reject',
        'play',
        'exchange',
      ] as const);
      if (op === 'deposit' || op === 'deposit-cancel') {
        const res = await t.call(
          'apply-user-deposit',
          { balance: amount, code: nextCode() },
          { token: p.token },
        );
        const id = res.json().requestId;
        if (op === 'deposit') {
          await approveDeposit(t.db, id, { by: 'op' });
          p.model.cash += amount;
        } else {
          await cancelDeposit(t.db, id, { by: 'op' });
        }
      } else if (op === 'withdraw' || op === 'withdraw-reject') {
        const res = await t.call(
          'apply-user-withdraw',
          { balance: amount, code: nextCode() },
          { token: p.token },
        );
        if (amount > p.model.cash) {
          expect(res.json().status).toBe('balance');
          continue;
        }
        expect(res.json().status).toBe('success');
        if (op === 'withdraw') {
          await approveWithdrawal(t.db, res.json().requestId, { by: 'op' });
          p.model.cash -= amount;
        } else {
          await rejectWithdrawal(t.db, res.json().requestId, { by: 'op' });
        }
      } else if (op === 'play') {
        const stake = amount;
        const win = Math.floor(random() * 3) * (stake / 2);
        const played = await playRound(t, SECRET, p.gameToken, stake, win);
        if (stake > p.model.cash) {
          expect(played.bet.status).toBe('balance');
          continue;
        }
        expect(played.win?.status).toBe('success');
        p.model.cash += win - stake;
        p.model.comp += (stake * 2_000) / 10_000;
        done.played += 1;
      } else {
        const res = await t.call('roll-to-balance', {}, { token: p.token });
        if (p.model.comp >= compMinimum(site)) {
          expect(res.json()).toMatchObject({ status: 'success', amount: p.model.comp });
          p.model.cash += p.model.comp;
          p.model.comp = 0;
          done.exchanged += 1;
        } else {
          expect(res.json().status).toBe('low_point');
        }
      }
      if (step % 25 === 0) await expectSoundLedger(t.db);
    }
    for (const p of players) expect(await balancesOf(t, p.token)).toEqual(p.model);
    await expectSoundLedger(t.db);
    // The sequence reached the wallet and the comp exchange, not only refusals.
    expect(done.played).toBeGreaterThan(5);
    expect(done.exchanged).toBeGreaterThan(0);
  }, 180_000); // 150 steps through HTTP: slow on a busy machine, never a measure of speed

  it.runIf(isPostgres)(
    'keeps every invariant under concurrent opposite transfers on shared rows',
    async () => {
      const { token, member } = await t.login();
      const memberId = await memberIdOf(t.db, member.id);
      await fund(t, token, 500_000);
      // Debits (member → house) and credits (house → member) lock the same two rows in opposite roles.
      const ops = Array.from({ length: 400 }, (_, i) =>
        transfer(t.db, {
          idempotencyKey: `race:${memberId}:${i}`,
          from: i % 2 ? { memberId, kind: 'cash' } : { house: 'game_revenue' },
          to: i % 2 ? { house: 'game_revenue' } : { memberId, kind: 'cash' },
          amount: 1_000 + (i % 7),
          // A bet's and a win's kinds are the wallet's own (ledger_transfer refuses them).
          kind: i % 2 ? 'adjustment' : 'adjustment_reversal',
        }).catch((error: unknown) => {
          if (!(error instanceof InsufficientFunds)) throw error;
        }),
      );
      await Promise.all(ops);
      const session = await findSessionMember(t.db, t.config, token);
      expect(session?.user.balance).toBeGreaterThanOrEqual(0);
      await expectSoundLedger(t.db);
    },
  );
});
