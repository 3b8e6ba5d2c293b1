// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { control, Signedin, TWO_SITES, typeInto } from '../../test-support/two-sites.tsx';
import { chooseSite } from '../session/site-zone.ts';
import { ManualEventForm } from './ManualEventForm.tsx';

const { render, settle, stubApi } = adminRenderer();

describe('the manual event form', () => {
  it('keeps the start typed the same moment when the operator chooses another site before creating', async () => {
    localStorage.removeItem('admin.site');
    const sent = stubApi({ ...TWO_SITES, id: 12 });
    const page = await render(
      <Signedin>
        <ManualEventForm />
      </Signedin>,
    );
    await vi.waitFor(() => control(page, 'Starts at'));
    // Kick-off at 19:00 Bangkok time (12:00 UTC).
    typeInto(page, 'Starts at', '2026-03-01T19:00');
    await settle();
    // The header's site picker: Korea. The form read 19:00 as Seoul's: the event started two hours
    // early, its bets stopped at 17:00 Bangkok time.
    chooseSite(2);
    await vi.waitFor(() => expect(control(page, 'Starts at').value).toBe('2026-03-01T21:00'));
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    const created = sent.find((r) => r.url.endsWith('/sports/manual-events'));
    expect(created?.body).toMatchObject({ startsAt: '2026-03-01T12:00:00.000Z' });
    localStorage.removeItem('admin.site');
  });
});
