// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SiteView } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { AccountsForm } from './AccountsForm.tsx';

const { render, settle, stubApi } = adminRenderer();

/** A Korean brand set up before phone countries existed: its members' numbers were read as Thai ones. */
const site = { id: 2, settings: { recoveryChannel: 'sms', minAge: 19, banks: [] } } as unknown as SiteView;

async function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}
const phoneField = (page: HTMLElement) =>
  [...page.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith("Country of members' phone numbers"))
    ?.querySelector('input') as HTMLInputElement;
async function save(page: HTMLElement) {
  page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}

describe('Settings → Member accounts: the country of the members’ phone numbers', () => {
  it('sends the code the owner types, in capitals', async () => {
    const sent = stubApi({ site });
    const page = await render(<AccountsForm site={site} />);
    await type(phoneField(page), 'kr');
    await save(page);
    expect(sent.at(-1)?.url).toContain('/settings/sites/2/accounts');
    expect(sent.at(-1)?.body).toMatchObject({ phoneCountry: 'KR', minAge: 19 });
  });

  it('names a country that is not a two-letter code, and sends nothing', async () => {
    const sent = stubApi({ site });
    const page = await render(<AccountsForm site={site} />);
    await type(phoneField(page), 'K1');
    await save(page);
    expect(page.querySelector('[data-testid="accounts-problems"]')?.textContent).toContain(
      "The phone numbers' country must be a two-letter ISO code",
    );
    expect(sent).toEqual([]);
  });

  it('left empty, sends no country: the site keeps what it has', async () => {
    const sent = stubApi({ site });
    const page = await render(<AccountsForm site={site} />);
    await save(page);
    expect(sent.at(-1)?.body).not.toHaveProperty('phoneCountry');
  });
});
