// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { DashboardReply, OpenRound, PendingRequest } from '../api/types.ts';
import GamesPage from '../routes/GamesPage.tsx';
import { adminRenderer } from '../test-support/render.tsx';
import { DecisionCell } from './cashier/DecisionCell.tsx';
import { JackpotPanel } from './jackpot/JackpotPanel.tsx';
import { MemberLimits } from './members/MemberLimits.tsx';

const { render, settle, stubApi } = adminRenderer();

/** The stubbed API's answers reached the page (its queries run on timers and promises). */
const answered = async () => {
  await new Promise((done) => setTimeout(done, 50));
  await settle();
};

/**
 * The back office serves every site: an amount of baht and one of won are told apart only by the
 * currency shown with them. These screens showed bare minor units (10,000 for ฿100.00 and for ₩10,000).
 */
describe('back-office amounts name their currency', () => {
  it('the cashier’s approval asks to credit the amount in the request’s currency', async () => {
    stubApi({});
    const request = {
      id: 5,
      kind: 'deposit',
      amount: 10_000,
      currency: 'THB',
      member: { loginId: 'somchai' },
    } as unknown as PendingRequest;
    const cell = await render(<DecisionCell request={request} onLost={() => {}} />);
    (cell.querySelector('button') as HTMLButtonElement).click();
    await settle();
    expect(cell.querySelector('fieldset')?.textContent).toContain('Credit ฿100.00 to somchai');
  });

  it('the jackpot panel shows the pool, its reseed and its wins in the pool’s currency', async () => {
    stubApi({ sites: [] });
    const jackpot = {
      amount: 12_345_600,
      currency: 'THB',
      contributionBps: 100,
      reseed: 1_000_000,
      recentWins: [
        {
          id: 1,
          provider: 'house',
          roundId: 'r1',
          memberId: 3,
          gameCode: 'lucky-sevens',
          amount: 5_000_000,
          reseed: 1_000_000,
          createdAt: '2026-01-02T03:04:05.000Z',
        },
      ],
    } as unknown as DashboardReply['jackpot'];
    const panel = await render(<JackpotPanel jackpot={jackpot} />);
    await answered();
    expect(panel.querySelector('[data-testid="admin-jackpot"]')?.textContent).toContain('฿123,456.00');
    expect(panel.querySelector('[data-testid="admin-jackpot"]')?.textContent).toContain('฿10,000.00');
    expect(panel.querySelector('tbody')?.textContent).toContain('฿50,000.00');
  });

  it('a member’s limits, their changes and hits are in the member’s currency', async () => {
    stubApi({
      sites: [],
      current: { state: 'none', kind: null, endsAt: null, liftsAt: null },
      limits: [
        {
          kind: 'deposit',
          period: 'day',
          amount: 10_000,
          pendingAmount: null,
          pendingRemove: false,
          pendingFrom: null,
        },
      ],
      limitHistory: [
        {
          id: 1,
          kind: 'deposit',
          period: 'day',
          action: 'decreased',
          amount: 10_000,
          previous: 50_000,
          at: '2026-01-02T03:04:05.000Z',
        },
      ],
      protectionEvents: [
        {
          id: 2,
          kind: 'reality_check',
          at: '2026-01-02T03:04:05.000Z',
          detail: { choice: 'continue', where: 'slot', minutesPlayed: 60, net: -25_000 },
        },
      ],
      events: [],
    });
    const panel = await render(<MemberLimits id={7} currency="KRW" />);
    await answered();
    const [limits, changes, hits] = [...panel.querySelectorAll('table')].map((t) => t.textContent ?? '');
    expect(limits).toContain('₩10,000');
    expect(changes).toContain('₩50,000');
    expect(hits).toContain('net -₩25,000');
  });

  it('the unfinished rounds show each stake in its member’s currency', async () => {
    const round = (id: number, currency: string): OpenRound => ({
      id,
      provider: 'house',
      roundId: `r${id}`,
      memberId: id,
      vendorCode: 'royal-slots',
      gameCode: 'lucky-sevens',
      category: 'slot',
      status: 'open',
      totalBet: 10_000,
      totalWin: 0,
      currency,
      openedAt: '2026-01-02T03:04:05.000Z',
    });
    stubApi({ sites: [], vendors: [], rounds: [round(1, 'THB'), round(2, 'KRW')] });
    const page = await render(<GamesPage />);
    await answered();
    const rows = [...page.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('฿100.00');
    expect(rows[1]).toContain('₩10,000');
  });
});
