// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SiteView } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { KycRulesForm } from './KycRulesForm.tsx';

const { render, settle, stubApi } = adminRenderer();

/** The Thai brand: withdrawals totalling over ฿50,000.00 in a day need level 2. */
const site = {
  id: 1,
  currency: 'THB',
  settings: { kyc: { withdrawLevel: 0, over: 5_000_000, overLevel: 2 } },
} as unknown as SiteView;

const overField = (page: HTMLElement) =>
  [...page.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith('Withdrawals over, in 24 hours'))
    ?.querySelector('input') as HTMLInputElement;
async function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}
async function save(page: HTMLElement) {
  page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}

describe('Settings → verification for withdrawals: the amount in the site’s currency', () => {
  it('shows and takes it in baht, naming THB, and sends satang', async () => {
    const sent = stubApi({ site });
    const page = await render(<KycRulesForm site={site} />);
    // It read 5000000 under "(minor units)": an owner typing 50000 for ฿50,000 set ฿500.00.
    expect(overField(page).closest('label')?.textContent).toContain('(THB; empty: no rule)');
    expect(overField(page).value).toBe('50000.00');
    await type(overField(page), '20000');
    await save(page);
    expect(sent.at(-1)?.url).toContain('/settings/sites/1/kyc');
    expect(sent.at(-1)?.body).toEqual({ withdrawLevel: 0, over: 2_000_000, overLevel: 2 });
  });

  it('names an amount it cannot read and sends nothing; empty is no rule', async () => {
    const sent = stubApi({ site });
    const page = await render(<KycRulesForm site={site} />);
    await type(overField(page), '20,000.505');
    await save(page);
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^Check the amount: a sum in THB/);
    expect(sent).toEqual([]);
    await type(overField(page), '');
    await save(page);
    expect(sent.at(-1)?.body).toEqual({ withdrawLevel: 0, over: null, overLevel: 2 });
  });
});
