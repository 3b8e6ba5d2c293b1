// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { Signedin, TWO_SITES } from '../../test-support/two-sites.tsx';
import { OwingUnderProtection } from './OwingUnderProtection.tsx';

const { render, stubApi } = adminRenderer();

const excluded = {
  memberId: 7,
  loginId: 'stuck1',
  currency: 'THB',
  owed: 300_000,
  cash: 390_000,
  vault: 10_000,
  held: 0,
  protection: 'exclusion' as const,
  until: null,
};
const onBreak = {
  ...excluded,
  memberId: 8,
  loginId: 'resting2',
  owed: 5_000,
  cash: 0,
  vault: 0,
  held: 20_000,
  protection: 'break' as const,
  until: '2026-03-01T03:00:00.000Z',
};

describe('the dashboard: members under protection who owe and hold money', () => {
  it('names each with a link to their page, what they owe and all the money they cannot take out', async () => {
    stubApi(TWO_SITES);
    const page = await render(
      <MemoryRouter>
        <Signedin>
          <OwingUnderProtection rows={[excluded, onBreak]} count={2} />
        </Signedin>
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(page.querySelectorAll('tbody tr')).toHaveLength(2));
    const [first, second] = [...page.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(first).toEqual(['stuck1', 'Self-exclusion · never (permanent)', '฿3,000.00', '฿4,000.00']);
    expect(second![0]).toBe('resting2');
    expect(second![1]).toMatch(/^Break · .*2026.*10:00/);
    expect(second!.slice(2)).toEqual(['฿50.00', '฿200.00']);
    expect(page.querySelector('a')?.getAttribute('href')).toBe('/members/7');
    expect(page.textContent).toContain('2 members: they cannot withdraw while they owe');
  });
});
