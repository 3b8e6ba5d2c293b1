// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { control, Signedin, TWO_SITES } from '../../test-support/two-sites.tsx';
import { chooseSite } from '../session/site-zone.ts';
import { ContentEditor } from './ContentEditor.tsx';

const { render, settle, stubApi } = adminRenderer();

/** A popup shown from 10:00 to 22:00 Bangkok time on 1 March 2026 (03:00 to 15:00 UTC). */
const popup: ContentItem = {
  kind: 'popup',
  id: 5,
  title: 'Songkran',
  contents: '<p>Water festival</p>',
  titleColor: '#f5c542',
  posX: 40,
  posY: 80,
  domain: '',
  published: true,
  startsAt: '2026-03-01T03:00:00.000Z',
  endsAt: '2026-03-01T15:00:00.000Z',
  state: 'scheduled',
  createdAt: '2026-02-01T00:00:00.000Z',
  translations: {},
};

describe('the content editor', () => {
  it('shows its schedule in the chosen site’s zone, again when the operator chooses another site, and saves the same instants', async () => {
    localStorage.removeItem('admin.site');
    const sent = stubApi(TWO_SITES);
    const page = await render(
      <Signedin>
        <ContentEditor kind="popup" item={popup} onDone={() => {}} />
      </Signedin>,
    );
    const from = () => control(page, 'Show from').value;
    await vi.waitFor(() => expect(from()).toBe('2026-03-01T10:00'));
    // The header's site picker: Korea. The editor kept Bangkok's wall times and read them as Seoul's
    // at the save: the popup showed from 08:00 Bangkok, two hours before it was meant to.
    chooseSite(2);
    await vi.waitFor(() => expect(from()).toBe('2026-03-01T12:00'));
    expect(control(page, 'Show until').value).toBe('2026-03-02T00:00');
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    const saved = sent.find((r) => r.url.endsWith('/content/popup/5'));
    expect(saved?.body).toMatchObject({ startsAt: popup.startsAt, endsAt: popup.endsAt });
    localStorage.removeItem('admin.site');
  });
});
