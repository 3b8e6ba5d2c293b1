import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendAvailable, createTestDatabase } from '../../../../test/support/test-db.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { payoutQueue } from './payout-queue.ts';
import type { SportsWallet, WalletAnswer } from './sports-wallet.ts';
import { type UnpaidStep, unpaidSteps } from './wallet-step.ts';

/**
 * The queue's promises, with the wallet's HTTP replaced by a recorder (the wallet itself is tested
 * through HTTP in sports-bets and sports-property): each bet's steps in order, each after the last
 * is answered; never more calls at once than senders; a refused step holds back its bet's later steps.
 */
function recordingWallet(refuse: Set<string>) {
  const calls: string[] = [];
  const answered = new Set<string>();
  /** Calls sent before their bet's previous step was answered. */
  const early: string[] = [];
  let inFlight = 0;
  let most = 0;
  const answer = async (txId: string): Promise<WalletAnswer> => {
    const [, bet, seq] = txId.split('-');
    if (Number(seq) > 1 && !answered.has(`sb-${bet}-${Number(seq) - 1}`)) early.push(txId);
    inFlight++;
    most = Math.max(most, inFlight);
    calls.push(txId);
    // Answers arrive out of order, as they do from batches.
    await new Promise((resolve) => setTimeout(resolve, Number(bet) % 5));
    inFlight--;
    answered.add(txId);
    return { status: refuse.has(txId) ? 'error' : 'success' };
  };
  const wallet = {
    win: (p: { txId: string }) => answer(p.txId),
    rollback: (p: { txId: string }) => answer(p.txId),
    unsettle: (p: { txId: string }) => answer(p.txId),
    resettle: (p: { txId: string }) => answer(p.txId),
  } as unknown as SportsWallet;
  return { wallet, calls, early, most: () => most };
}

describe.runIf(backendAvailable)('payout queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  async function record(bets: number, stepsPerBet: number): Promise<UnpaidStep[][]> {
    await database.db.execute(sql`delete from sb_settlements`);
    await database.db.execute(
      sql`insert into sb_settlements (bet_id, seq, kind, amount, wallet_tx_id, wallet_op)
          select b, s, 'settle', 100, 'sb-' || b || '-' || s, 'win'
          from generate_series(1, ${bets}) b, generate_series(1, ${stepsPerBet}) s order by s, b`,
    );
    return unpaidSteps(database.db, { limit: bets * stepsPerBet });
  }

  it('sends each bet’s steps in order, one after the other, with no more calls at once than senders', async () => {
    const bets = await record(300, 3);
    const { wallet, calls, early, most } = recordingWallet(new Set());
    const queue = payoutQueue(database.db, wallet, 16);
    for (const steps of bets) queue.push(steps);
    expect(await queue.drain()).toEqual({ sent: 900, failed: 0 });
    expect(most()).toBe(16);
    expect(new Set(calls).size).toBe(900);
    expect(early).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sb_settlements where not paid`,
    );
    expect(left!.n).toBe(0);
  });

  it('a refused step holds back its bet’s later steps, unpaid; the other bets carry on', async () => {
    const bets = await record(50, 2);
    const { wallet, calls } = recordingWallet(new Set(['sb-7-1']));
    const queue = payoutQueue(database.db, wallet, 8);
    for (const steps of bets) queue.push(steps);
    expect(await queue.drain()).toEqual({ sent: 98, failed: 1 });
    expect(calls).not.toContain('sb-7-2');
    const unpaid = await queryRows<{ wallet_tx_id: string }>(
      database.db,
      sql`select wallet_tx_id from sb_settlements where not paid order by id`,
    );
    expect(unpaid.map((r) => r.wallet_tx_id).sort()).toEqual(['sb-7-1', 'sb-7-2']);
  });

  it('lets the producer wait for room while the senders work', async () => {
    const bets = await record(200, 1);
    const { wallet } = recordingWallet(new Set());
    const queue = payoutQueue(database.db, wallet, 4);
    for (const steps of bets) queue.push(steps);
    expect(queue.pending).toBe(200);
    await queue.roomFor(50);
    expect(queue.pending).toBeLessThan(50);
    expect((await queue.drain()).sent).toBe(200);
  });
});
