import { describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { openSse, type SseEvent } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

const amountOf = (event: SseEvent) =>
  event.event === 'jackpot' ? (event.data as { amount: number }).amount : undefined;

describe.runIf(backendAvailable)('the jackpot, pushed to every page (Server-Sent Events)', () => {
  const t = useTestApp({}, { seedDemo: true, listen: true });

  it("sends a guest the pool at once, and the grown pool after another member's spin", async () => {
    const stream = await openSse(`${t.config.publicUrl}/api/live/jackpot`, {});
    expect(stream.status).toBe(200);
    const first = await stream.waitFor((e) => amountOf(e) !== undefined);
    const before = amountOf(first)!;
    expect(before).toBe((await t.call('get-jackpot', {})).json().jackpot.amount);

    const { token } = await t.login();
    await fund(t, token, 200_000);
    const url = (
      await t.call('open-game', { code: 'lucky-sevens', company: 'royal-slots' }, { token })
    ).json().url;
    const gameToken = new URL(url, 'http://x').searchParams.get('token')!;
    const house = (action: string, body: object) =>
      t.app.inject({ method: 'POST', url: `/house/api/${action}`, payload: body as Record<string, unknown> });
    await house('init', { token: gameToken, game: 'lucky-sevens' });
    const spin = (await house('spin', { token: gameToken, game: 'lucky-sevens', lineBet: 10_000 })).json();
    expect(spin.status).toBe('success');
    // The pool the API answers (cached for a second per process) once the stake's share is in.
    let grown = before;
    await expect
      .poll(async () => {
        grown = (await t.call('get-jackpot', {})).json().jackpot.amount;
        return grown;
      })
      .toBeGreaterThan(before);
    // Pushed, not asked for: within the feed's one-second coalescing.
    await stream.waitFor((e) => amountOf(e) === grown, 3_000);
    stream.close();
  });
});
