// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import { instantOfWallTime } from '../../../shared/zoned-time.ts';
import type { TradingEvent } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { button, control, Signedin, TWO_SITES } from '../../test-support/two-sites.tsx';
import { chooseSite } from '../session/site-zone.ts';
import { CancelWindowForm } from './CancelWindowForm.tsx';
import { toLocalSeconds } from './market-label.ts';

const { render, settle, stubApi } = adminRenderer();

const match: TradingEvent = {
  id: 11,
  sportCode: 'soccer',
  sport: 'Soccer',
  competition: 'K League 1',
  name: 'Ulsan v Jeonbuk',
  startsAt: '2026-03-01T10:00:00.000Z',
  status: 'live',
  betStopAt: null,
  score: null,
  source: 'manual',
  markets: [],
};

describe('the cancel window form', () => {
  it('keeps its window the same moments when the operator chooses another site while it is open', async () => {
    localStorage.removeItem('admin.site');
    // The book reaches back a day.
    const sent = stubApi({ ...TWO_SITES, settings: { cancelWindowMinutes: 1_440 } });
    const page = await render(
      <Signedin>
        <CancelWindowForm event={match} />
      </Signedin>,
    );
    await vi.waitFor(() => button(page, 'Cancel window…'));
    button(page, 'Cancel window…').click();
    await settle();
    // The last hour, in Bangkok's wall time to the second.
    const from = instantOfWallTime(control(page, 'Placed from').value, 'Asia/Bangkok')!;
    const to = instantOfWallTime(control(page, 'Placed before').value, 'Asia/Bangkok')!;
    // The header's site picker: Korea. The form kept Bangkok's wall times and read them as Seoul's:
    // it voided the legs of bets placed two hours before the window the trader meant.
    chooseSite(2);
    await vi.waitFor(() =>
      expect(control(page, 'Placed from').value).toBe(toLocalSeconds(from, 'Asia/Seoul')),
    );
    expect(control(page, 'Placed before').value).toBe(toLocalSeconds(to, 'Asia/Seoul'));
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    button(page, 'Yes, void the legs').click();
    await settle();
    const voided = sent.find((r) => r.url.endsWith('/sports/events/11/cancel-window'));
    expect(voided?.body).toMatchObject({ from: from.toISOString(), to: to.toISOString() });
    localStorage.removeItem('admin.site');
  });
});
