// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import { chooseSite } from '../features/session/site-zone.ts';
import { adminRenderer } from '../test-support/render.tsx';
import { button, control, Signedin, TWO_SITES, typeInto } from '../test-support/two-sites.tsx';
import AuditPage from './AuditPage.tsx';

const { render, settle, stubApi } = adminRenderer();

/** A full page of entries, so that there is an older page to ask for. */
const entries = Array.from({ length: 100 }, (_, i) => ({
  id: 500 - i,
  at: '2026-03-01T04:00:00.000Z',
  operatorId: 1,
  operatorLogin: 'owner',
  action: 'settings.update',
  target: 'site:1',
  before: null,
  after: null,
  ip: null,
  prevHash: '',
  hash: '',
}));

describe('the audit log', () => {
  it('keeps its date filter the same moments when the operator chooses another site', async () => {
    localStorage.removeItem('admin.site');
    const sent = stubApi({ ...TWO_SITES, entries, operators: [], actions: [] });
    const page = await render(
      <Signedin>
        <AuditPage />
      </Signedin>,
    );
    /** The date range the last search asked for. */
    const asked = () => {
      const url = new URL(sent.filter((r) => r.url.includes('/audit?')).at(-1)!.url, 'http://x');
      return { from: url.searchParams.get('from'), before: url.searchParams.get('before') };
    };
    await vi.waitFor(() => control(page, 'From'));
    // From 10:00 Bangkok time (03:00 UTC).
    typeInto(page, 'From', '2026-03-01T10:00');
    await settle();
    button(page, 'Apply').click();
    await vi.waitFor(() => expect(asked().from).toBe('2026-03-01T03:00:00.000Z'));
    // The header's site picker: Korea. The filter applied and the one typed were read as Seoul's:
    // the next page, and the same filter applied again, started two hours earlier.
    chooseSite(2);
    await vi.waitFor(() => expect(control(page, 'From').value).toBe('2026-03-01T12:00'));
    await vi.waitFor(() => button(page, 'Older entries'));
    button(page, 'Older entries').click();
    await vi.waitFor(() => expect(asked().before).toBe('401'));
    expect(asked().from).toBe('2026-03-01T03:00:00.000Z');
    button(page, 'Apply').click();
    await vi.waitFor(() => expect(asked().before).toBeNull());
    expect(asked().from).toBe('2026-03-01T03:00:00.000Z');
    localStorage.removeItem('admin.site');
  });
});
