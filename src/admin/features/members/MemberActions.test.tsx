// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { adjustmentMinor } from './adjustment-amount.ts';
import { MemberActions } from './MemberActions.tsx';

const { render, settle, stubApi } = adminRenderer();

const profile = { id: 7, status: 'active', level: 1 } as MemberDetail['profile'];

/** The member page's actions for a member in `currency`; what the adjustment form sends, as the server gets it. */
async function adjustmentFormIn(currency: string) {
  const sent = stubApi({ balances: {} });
  const host = await render(<MemberActions profile={profile} currency={currency} />);
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
      return sent.at(-1)?.body as { amount: number; reason: string; key: string } | undefined;
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
