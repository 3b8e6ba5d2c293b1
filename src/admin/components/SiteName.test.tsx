// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SupportTicket } from '../api/types.ts';
import { TicketCard } from '../features/support/TicketCard.tsx';
import { adminRenderer } from '../test-support/render.tsx';

const { render, settle, stubApi } = adminRenderer();

const SITES = [
  { id: 1, name: 'Thai brand', currency: 'THB', timezone: 'Asia/Bangkok', isDefault: true },
  { id: 2, name: 'Korean brand', currency: 'KRW', timezone: 'Asia/Seoul', isDefault: false },
];

describe('a record’s site in the back office', () => {
  it('a help ticket names the site it was written on, by the operator’s name for it', async () => {
    stubApi({ sites: SITES });
    const ticket = {
      id: 4,
      siteId: 2,
      kind: 'help',
      title: 'Deposit',
      contents: 'Which account?',
      status: 'wait',
      guestName: null,
      guestContact: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      member: { loginId: 'kim', nick: 'Kim' },
    } as SupportTicket;
    const card = await render(<TicketCard ticket={ticket} />);
    await new Promise((done) => setTimeout(done, 50));
    await settle();
    const site = card.querySelector('[data-site="2"]');
    expect(site?.textContent).toBe('Korean brand');
  });
});
