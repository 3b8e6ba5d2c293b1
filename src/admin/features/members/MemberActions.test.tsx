// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberDetail } from '../../api/types.ts';
import { adjustmentMinor } from './adjustment-amount.ts';
import { MemberActions } from './MemberActions.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const en = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales/en/admin.json'), 'utf8'),
  );
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'admin',
    resources: { en: { admin: en } },
    interpolation: { escapeValue: false },
  });
});

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
let host: HTMLElement | undefined;
afterEach(() => {
  host?.remove();
  vi.unstubAllGlobals();
});

const profile = { id: 7, status: 'active', level: 1 } as MemberDetail['profile'];

/** The member page's actions for a member in `currency`; what the adjustment form sends, as the server gets it. */
async function adjustmentFormIn(currency: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body?: string }) => {
      sent.push(JSON.parse(init.body ?? '{}'));
      return new Response(JSON.stringify({ status: 'success', balances: {} }), { status: 200 });
    }),
  );
  host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemberActions profile={profile} currency={currency} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await settle();
  const form = [...host.querySelectorAll('form')].find((f) => f.textContent?.includes('Adjust balance'))!;
  const [amount, reason] = [...form.querySelectorAll('input')] as HTMLInputElement[];
  const type = async (input: HTMLInputElement, text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
  };
  const labels = [...form.querySelectorAll('label')].map((l) => l.textContent);
  return {
    label: labels[0],
    reasonLabel: labels[1],
    async adjust(text: string) {
      await type(amount!, text);
      await type(reason!, 'goodwill');
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await settle();
      return sent.at(-1) as { amount: number; reason: string; key: string } | undefined;
    },
  };
}

describe('the member page: a manual adjustment', () => {
  it('is typed in the member’s currency as their balances show, and sent in its minor units', async () => {
    const baht = await adjustmentFormIn('THB');
    expect(baht.label).toContain('THB');
    // 100 baht is 10,000 satang: the old form sent what was typed as minor units (1 baht).
    expect(await baht.adjust('100')).toMatchObject({ amount: 10_000, reason: 'goodwill' });
    expect(await baht.adjust('-12.50')).toMatchObject({ amount: -1_250 });
    host?.remove();
    const won = await adjustmentFormIn('KRW');
    expect(won.label).toContain('KRW');
    expect(await won.adjust('5,000')).toMatchObject({ amount: 5_000 });
  });

  it('says the reason is shown to the member, who is told it with the correction', async () => {
    // Labelled as kept in the audit log only, it read as internal: the member is told it word for word.
    expect((await adjustmentFormIn('THB')).reasonLabel).toMatch(/shown to the member/);
  });

  it('reads signed amounts exactly and refuses what is not one, zero, or finer than the currency', () => {
    expect(adjustmentMinor('1,250.50', 'THB')).toBe(125_050);
    expect(adjustmentMinor(' -0.01 ', 'THB')).toBe(-1);
    expect(adjustmentMinor('30000', 'KRW')).toBe(30_000);
    expect(adjustmentMinor('100', '')).toBeNull();
    for (const text of ['', '0', '-0.00', '1.005', '12.5', 'abc', '--5', '+5', '1e3']) {
      const currency = text === '12.5' ? 'KRW' : 'THB';
      expect(adjustmentMinor(text, currency), `${text} ${currency}`).toBeNull();
    }
  });
});
