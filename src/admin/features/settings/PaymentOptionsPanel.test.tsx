// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { PaymentOption, SiteView } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { PaymentOptionsPanel } from './PaymentOptionsPanel.tsx';

const { render, settle, stubApi } = adminRenderer();

/** The Thai brand (baht, two decimals) and its card deposit option of ฿100.00 to ฿100,000.00. */
const site = { id: 1, currency: 'THB', settings: {} } as unknown as SiteView;
const card: PaymentOption = {
  id: 5,
  siteId: 1,
  direction: 'deposit',
  kind: 'card',
  provider: 'sandbox',
  name: 'Card',
  minAmount: 10_000,
  maxAmount: 10_000_000,
  enabled: true,
  sortOrder: 1,
};
const reply = { options: [card], providers: ['sandbox'] };

const field = (page: HTMLElement, name: string) =>
  page.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement;
async function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}
async function save(page: HTMLElement) {
  page
    .querySelector('form#payment-option-5')!
    .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}
const minimum = (page: HTMLElement) => field(page, 'deposit option #5 minAmount');

describe('Settings → payment options: the limits in the site’s currency', () => {
  it('shows and takes them in baht as the money rules do, and sends satang', async () => {
    const sent = stubApi(reply);
    const page = await render(<PaymentOptionsPanel site={site} />);
    await vi.waitFor(() => expect(minimum(page)).toBeTruthy());
    // It read 10000 (satang) under "Minimum" beside the rules' "Deposit minimum (THB) 100".
    expect(minimum(page).value).toBe('100.00');
    const heads = [...page.querySelectorAll('th')].map((th) => th.textContent);
    expect(heads).toContain('Minimum (THB)');
    expect(heads).toContain('Maximum (THB)');
    // ฿500 typed as 500: it was sent as 500 satang, ฿5.00.
    await type(minimum(page), '500');
    await save(page);
    const saved = sent.find((r) => r.url.endsWith('/payment-options/5'));
    expect(saved?.body).toEqual({ minAmount: 50_000 });
  });

  it('names a limit it cannot read, or a maximum below the minimum, and sends nothing', async () => {
    const sent = stubApi(reply);
    const page = await render(<PaymentOptionsPanel site={site} />);
    await vi.waitFor(() => expect(minimum(page)).toBeTruthy());
    const saves = () => sent.filter((r) => r.url.endsWith('/payment-options/5'));
    await type(minimum(page), '1.234');
    await save(page);
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^Check Minimum: an amount in THB/);
    await type(minimum(page), '200000');
    await save(page);
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^Check Maximum: an amount in THB/);
    expect(saves()).toEqual([]);
  });
});
