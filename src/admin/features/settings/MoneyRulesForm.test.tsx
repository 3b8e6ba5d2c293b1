// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SiteView } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { MoneyRulesForm } from './MoneyRulesForm.tsx';

const { render, settle, stubApi } = adminRenderer();

/** The Thai brand: deposits and withdrawals from ฿100 in steps of ฿100, comp exchanged from ฿100. */
const site = {
  id: 1,
  currency: 'THB',
  hasMembers: true,
  desks: { deposit: { timezone: 'Asia/Bangkok' } },
  settings: { lang: 'th', cash: { minimum: 100, step: 100 }, comp: { minExchange: 100 } },
} as unknown as SiteView;

const field = (page: HTMLElement, label: string) =>
  [...page.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith(label))
    ?.querySelector('input') as HTMLInputElement;
async function type(page: HTMLElement, label: string, text: string) {
  const input = field(page, label);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}
async function save(page: HTMLElement) {
  page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}
const said = (page: HTMLElement) => page.querySelector('[role="alert"]')?.textContent;

describe('Settings → currency and money rules: what the server would refuse is named first', () => {
  it('reads a thousand typed with a comma as 1000, as the check before it does', async () => {
    const sent = stubApi({ site });
    const page = await render(<MoneyRulesForm site={site} />);
    await type(page, 'Deposit and withdrawal minimum', '1,000');
    await save(page);
    // Number('1,000') is NaN: the body carried minimum null and the server answered in English.
    expect(sent.find((r) => r.url.endsWith('/money'))?.body).toMatchObject({
      cash: { minimum: 1000, step: 100 },
    });
  });

  it('names a minimum of zero and a comp minimum with cents, and sends nothing', async () => {
    const sent = stubApi({ site });
    const page = await render(<MoneyRulesForm site={site} />);
    await type(page, 'Deposit and withdrawal minimum', '0');
    await save(page);
    expect(said(page)).toBe(
      'Deposit and withdrawal minimum (THB): type an amount above zero, like 100 or 100.50.',
    );
    await type(page, 'Deposit and withdrawal minimum', '100');
    await type(page, 'Least comp to exchange', '100.50');
    await save(page);
    expect(said(page)).toBe('Least comp to exchange (THB): type a whole amount, like 100.');
    expect(sent).toEqual([]);
  });
});
