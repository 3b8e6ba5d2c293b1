import { describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { openSse, type SseEvent } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { DEMO_SITES } from '../../db/seed-demo.ts';
import { maskNick } from '../games/lobby-rails.service.ts';

type Win = { code: string; nick: string; amount: number };
const winsOf = (event: SseEvent) =>
  event.event === 'wins' ? (event.data as { wins: Win[] }).wins : undefined;

describe.runIf(backendAvailable)(
  'the lobby’s wins ticker, pushed to every lobby of the site (Server-Sent Events)',
  () => {
    const t = useTestApp({}, { seedDemo: true, listen: true });

    it("sends a guest the site's wins at once, then a member's roulette win as it is paid, masked; another site's lobby gets none of it", async () => {
      const th = await openSse(`${t.config.publicUrl}/api/live/wins`, {});
      expect(th.status).toBe(200);
      const ko = await openSse(`${t.config.publicUrl}/api/live/wins`, { host: `${DEMO_SITES.ko.host}` });
      expect(ko.status).toBe(200);
      const first = winsOf(await th.waitFor((e) => winsOf(e) !== undefined))!;
      await ko.waitFor((e) => winsOf(e) !== undefined);

      const { token, member } = await t.login();
      await fund(t, token, 200_000);
      const url = (await t.call('open-game', { code: 'roulette', company: 'royal-tables' }, { token })).json()
        .url;
      const gameToken = new URL(url, 'http://x').searchParams.get('token')!;
      const house = (action: string, body: object) =>
        t.app.inject({
          method: 'POST',
          url: `/house/api/${action}`,
          payload: body as Record<string, unknown>,
        });
      await house('init', { token: gameToken, game: 'roulette' });
      // Red and black: one of them pays unless the ball stops on zero.
      let spin: { payout: number };
      do {
        spin = (
          await house('roulette', { token: gameToken, game: 'roulette', bets: { red: 1_000, black: 1_000 } })
        ).json();
      } while (spin.payout === 0);

      const pushed = await th.waitFor(
        (e) => (winsOf(e)?.length ?? 0) > first.length || winsOf(e)?.[0]?.nick === maskNick(member.nick),
        3_000,
      );
      expect(winsOf(pushed)![0]).toMatchObject({
        code: 'roulette',
        nick: maskNick(member.nick),
        amount: spin.payout,
      });
      expect(JSON.stringify(winsOf(pushed))).not.toContain(member.nick);
      // The Korean lobby's ticker shows its own members' wins only: nothing new was sent there.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ko.events.filter((e) => e.event === 'wins')).toHaveLength(1);
      th.close();
      ko.close();
    });
  },
);
