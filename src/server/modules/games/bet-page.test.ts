import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fund, memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';

interface Bet {
  roundId: string;
  gameCode: string;
  category: string;
  openedAt: string;
  verifyUrl: string | null;
}

describe.runIf(backendAvailable)("the member's bet history, a page at a time", () => {
  const t = useTestApp({}, { seedDemo: true, listen: true });
  const house = (action: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/house/api/${action}`, payload: body as Record<string, unknown> });

  /** A member who spun Lucky Sevens `spins` times. */
  async function spinner(spins: number) {
    const login = await t.login();
    await fund(t, login.token, 500_000);
    const gameToken = await launchGame(t, login.token, { code: 'lucky-sevens', company: 'royal-slots' });
    const init = (await house('init', { token: gameToken, game: 'lucky-sevens' })).json();
    for (let i = 0; i < spins; i++) {
      expect(
        (await house('spin', { token: gameToken, game: 'lucky-sevens', lineBet: 100 })).json().status,
      ).toBe('success');
    }
    return { ...login, gameToken, fairness: init.fairness as { serverSeedHash: string; clientSeed: string } };
  }

  const pageOf = async (token: string, body: object) => {
    const res = await t.call('get-slot-bets-list', body, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: Bet[]; next: number | null };
  };

  it('pages through older rounds with a cursor, each with its time and its verify link', async () => {
    const p = await spinner(5);
    const whole = await pageOf(p.token, { pageSize: 50 });
    expect(whole.list).toHaveLength(5);
    expect(whole.next).toBeNull();
    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await pageOf(p.token, { pageSize: 2, ...(before ? { before } : {}) });
      seen.push(...page.list.map((b) => b.roundId));
      if (page.next === null) break;
      before = page.next;
    }
    expect(seen).toEqual(whole.list.map((b) => b.roundId));
    const oldest = whole.list.at(-1)!;
    expect(oldest.openedAt).toMatch(/T\d{2}:\d{2}:\d{2}/);
    expect(oldest.category).toBe('slot');
    const link = new URL(oldest.verifyUrl!, 'http://x');
    expect(link.pathname).toBe('/play/verify');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      engine: 'slot',
      game: 'lucky-sevens',
      clientSeed: p.fairness.clientSeed,
      nonce: '0',
      hash: p.fairness.serverSeedHash,
    });
    // Once the player reveals the seed, the link carries it too, and it matches the hash.
    await house('seed', { token: p.gameToken, clientSeed: 'mine' });
    const after = new URL((await pageOf(p.token, { pageSize: 50 })).list.at(-1)!.verifyUrl!, 'http://x');
    const serverSeed = after.searchParams.get('serverSeed')!;
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(p.fairness.serverSeedHash);
  });

  it('filters by kind and date range, and shows nothing of another member', async () => {
    const p = await spinner(2);
    expect((await pageOf(p.token, { kind: 'slot' })).list).toHaveLength(2);
    expect((await pageOf(p.token, { kind: 'casino' })).list).toEqual([]);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await pageOf(p.token, { from: iso(now - 60_000), to: iso(now + 60_000) })).list).toHaveLength(2);
    expect((await pageOf(p.token, { from: iso(now + 60_000) })).list).toEqual([]);
    const other = await t.login();
    expect((await pageOf(other.token, {})).list).toEqual([]);
    expect((await t.call('get-slot-bets-list', { kind: 'poker' }, p)).statusCode).toBe(400);
    expect((await t.call('get-slot-bets-list', { before: 0 }, p)).statusCode).toBe(400);
  });

  it("reads one range of the member's index on a large table", async () => {
    const p = await spinner(1);
    const memberId = await memberIdOf(t.db, p.member.id);
    const plan = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into game_rounds (provider, round_id, member_id, game_session_id, vendor_code, game_code, category)
          select 'explain', 'R' || g, 1000000 + g % 5000, 1, 'v', 'g', 'slot' from generate_series(1, 200000) g`);
        await tx.execute(sql`analyze game_rounds`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select id from game_rounds r where r.member_id = ${memberId} and r.id < 100000000
              and r.opened_at >= now() - interval '7 days' and r.category = 'slot' order by r.id desc limit 21`,
        );
        throw new Rollback(rows.map((r) => r['QUERY PLAN']).join('\n'));
      })
      .catch((e) => {
        if (e instanceof Rollback) return e.plan;
        throw e;
      });
    expect(plan).toContain('game_rounds_member');
    expect(plan).not.toContain('Seq Scan');
  });
});

class Rollback extends Error {
  constructor(readonly plan: string) {
    super('rollback');
  }
}
