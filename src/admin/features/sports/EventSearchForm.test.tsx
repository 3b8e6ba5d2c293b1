// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { control, Signedin, TWO_SITES, typeInto } from '../../test-support/two-sites.tsx';
import { chooseSite } from '../session/site-zone.ts';
import { EventSearchForm } from './EventSearchForm.tsx';
import type { EventSearch } from './queries.ts';

const { render, settle, stubApi } = adminRenderer();

describe('the event search form', () => {
  it('keeps the dates typed the same moments when the operator chooses another site before searching', async () => {
    localStorage.removeItem('admin.site');
    stubApi({ ...TWO_SITES, sports: [], competitions: [] });
    const searches: EventSearch[] = [];
    const page = await render(
      <Signedin>
        <EventSearchForm onSearch={(search) => searches.push(search)} />
      </Signedin>,
    );
    await vi.waitFor(() => control(page, 'Starts from'));
    typeInto(page, 'Starts from', '2026-03-01T10:00');
    typeInto(page, 'Starts before', '2026-03-02T10:00');
    await settle();
    // The header's site picker: Korea. The search read the dates as Seoul's, two hours earlier.
    chooseSite(2);
    await vi.waitFor(() => expect(control(page, 'Starts from').value).toBe('2026-03-01T12:00'));
    expect(control(page, 'Starts before').value).toBe('2026-03-02T12:00');
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(searches.at(-1)).toMatchObject({
      from: '2026-03-01T03:00:00.000Z',
      to: '2026-03-02T03:00:00.000Z',
    });
    localStorage.removeItem('admin.site');
  });
});
