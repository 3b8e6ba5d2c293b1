// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TradingBet } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { BetsPanel } from './BetsPanel.tsx';

const { render, settle, stubApi } = adminRenderer();

/** One bet of the Thai site and one of the Korean, each a stake of 10,000 minor units, settled with a win. */
const bet = (id: number, currency: string): TradingBet => ({
  id,
  playerId: String(id),
  member: `member${id}`,
  kind: 'single',
  systemName: null,
  lines: 1,
  totalStake: 10_000,
  potentialReturn: 20_000,
  currency,
  status: 'settled',
  refusal: null,
  live: false,
  placedAt: '2026-01-02T03:04:05.000Z',
  settledReturn: 20_000,
  legs: [],
  history: [
    {
      seq: 1,
      kind: 'win',
      amount: 20_000,
      reason: null,
      operatorId: null,
      paid: true,
      at: '2026-01-02T05:00:00.000Z',
    },
  ],
  actions: [],
});

describe('the trading desk: bets of sites in different currencies', () => {
  it('shows each bet’s stake, return and history in its own currency, never a bare number', async () => {
    // Every request gets the bets (the operator's session, which the times ask for, included).
    stubApi({ bets: [bet(1, 'THB'), bet(2, 'KRW')], sites: [] });
    const panel = await render(<BetsPanel />);
    const answered = async () => {
      await new Promise((done) => setTimeout(done, 50));
      await settle();
    };
    await answered();
    const rows = [...panel.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    // ฿100.00 and ₩10,000: the same 10,000 minor units, a hundred times apart.
    expect(rows[0]).toContain('฿100.00');
    expect(rows[0]).toContain('฿200.00');
    expect(rows[1]).toContain('₩10,000');
    expect(rows[1]).toContain('₩20,000');
    await answered();
  });
});
