// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { CampaignForm } from './CampaignForm.tsx';

const { render, settle, stubApi } = adminRenderer();

/** The operator's session (two sites: baht in Bangkok, won in Seoul) and, for a save, the campaign. */
const reply = {
  operator: { id: 1, login: 'owner', role: 'owner' },
  permissions: ['settings.manage'],
  sites: [
    { id: 1, name: 'Thai', timezone: 'Asia/Bangkok', currency: 'THB', isDefault: true },
    { id: 2, name: 'Korea', timezone: 'Asia/Seoul', currency: 'KRW', isDefault: false },
  ],
};

/** The form's control labelled `label`. */
function control(form: HTMLElement, label: string) {
  const wrapper = [...form.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const found = wrapper?.querySelector('input, select');
  if (!found) throw new Error(`no control labelled ${label}`);
  return found as HTMLInputElement | HTMLSelectElement;
}

/** What an operator's typing or choosing does, for an input or a select alike. */
async function set(form: HTMLElement, label: string, value: string) {
  const field = control(form, label);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}

describe('the campaign form', () => {
  it('offers the currencies of the sites, and keeps a free spin’s stake what the list shows whatever the currency', async () => {
    const sent = stubApi(reply);
    // A new campaign starts in the chosen site's currency (here won); the operator switches to baht.
    const page = await render(<CampaignForm campaign={null} currency="KRW" onDone={() => {}} />);
    const currency = () => control(page, 'Currency') as HTMLSelectElement;
    // A typed code was formatted as it was typed: "K" threw (Invalid currency code) and blanked the screen.
    await vi.waitFor(() => expect([...currency().options].map((o) => o.value)).toEqual(['KRW', 'THB']));
    await set(page, 'Currency', 'THB');
    await set(page, 'Type', 'free_spins');
    await set(page, 'Name', 'Spins');
    // The save reads the form as its last render's effects left it (the browser runs them before a click).
    await new Promise((resolve) => setTimeout(resolve, 50));
    page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    const saved = sent.find((r) => r.url.endsWith('/promotions/campaigns'));
    // The stake was kept as "1000" (won) and read again in baht: 100,000 satang, ฿1,000.00 a spin,
    // while the list showed none chosen.
    expect(saved?.body).toMatchObject({
      currency: 'THB',
      type: 'free_spins',
      freeSpinStake: 1_000,
      cap: null,
    });
    const stake = control(page, 'Stake per spin') as HTMLSelectElement;
    expect(stake.options[stake.selectedIndex]?.textContent).toBe('฿10.00');
  });
});
