import { describe, expect, it } from 'vitest';
import { enterScore, placeSingle } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { cancelBet } from './leg-voids.ts';
import { flushWallet } from './wallet-sync.ts';

interface SiteBet {
  roundId: string;
  stake: number;
  win: number;
  status: string;
  potentialReturn: number | null;
}

describe.runIf(backendAvailable)("my page's bet history: a sports bet while open, lost, void", () => {
  const { t, newPlayer, newEvent, eventSelections } = useSportsApp();

  it('gives an open sports bet its potential return, and a settled or void one none', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['2.5', '3.4', '4.2'] });
    const s = await eventSelections(eventId);
    const betOn = async (key: string) => {
      const res = await placeSingle(t, p.gameToken, s[key]!);
      expect(res.json(), res.body).toMatchObject({ status: 'success' });
      return res.json().betId as number;
    };
    const sitePage = async () => {
      const res = await t.call('get-slot-bets-list', { kind: 'sport' }, { token: p.token });
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().list as SiteBet[]).map((b) => [b.roundId, b]));
    };
    const lost = await betOn('1x2:home');
    const voided = await betOn('1x2:away');

    const open = await sitePage();
    expect(open.get(`sb-${lost}`)).toMatchObject({ status: 'open', stake: 10_000, potentialReturn: 25_000 });
    expect(open.get(`sb-${voided}`)).toMatchObject({ status: 'open', potentialReturn: 42_000 });

    await cancelBet(t.db, t.app.sportsWallet, voided, { operatorId: 1, reason: 'palpable error' });
    await enterScore(t, marketId, 0, 1);
    await flushWallet(t.db, t.app.sportsWallet);

    const after = await sitePage();
    expect(after.get(`sb-${lost}`)).toMatchObject({ status: 'closed', win: 0, potentialReturn: null });
    expect(after.get(`sb-${voided}`)).toMatchObject({ status: 'cancelled', potentialReturn: null });
  });
});
