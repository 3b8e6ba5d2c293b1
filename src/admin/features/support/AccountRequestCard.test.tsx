// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AccountRequest } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { AccountRequestCard } from './AccountRequestCard.tsx';

const { render, settle, stubApi } = adminRenderer();

const SITES = [
  { id: 1, name: 'Thai brand', currency: 'THB', timezone: 'Asia/Bangkok', isDefault: true },
  { id: 2, name: 'Korean brand', currency: 'KRW', timezone: 'Asia/Seoul', isDefault: false },
];

const request = (id: number, siteId: number): AccountRequest => ({
  id,
  siteId,
  createdAt: '2026-01-02T03:04:05.000Z',
  member: { id, loginId: `member${id}`, nick: `nick${id}`, level: 1, bankName: 'KB', bankOwner: 'Owner' },
});

/** The stubbed API's answers reached the card (the operator's session names the sites). */
const answered = async () => {
  await new Promise((done) => setTimeout(done, 50));
  await settle();
};

const fields = (card: HTMLElement) => [...card.querySelectorAll('input')] as HTMLInputElement[];

/**
 * Support answers a member's request for the deposit account by hand. The form started from the last
 * account sent, whichever brand it was for, and the card did not say which brand the member is of:
 * a Korean member was offered the Thai brand's account.
 */
describe('support: a deposit-account request of one brand', () => {
  it('names the member’s site and starts from the last account sent for that site only', async () => {
    sessionStorage.clear();
    stubApi({ sites: SITES });
    const thai = await render(<AccountRequestCard request={request(1, 1)} />);
    await answered();
    expect(thai.querySelector('[data-testid="account-request-site"]')?.textContent).toContain(
      'Thai brand (THB)',
    );
    const thaiAccount = ['Bangkok Bank', '123-4-56789-0', 'Thai Brand Co'];
    for (const [i, value] of thaiAccount.entries()) {
      fields(thai)[i]!.value = value;
      fields(thai)[i]!.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await settle();
    thai.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await answered();

    const korean = await render(<AccountRequestCard request={request(2, 2)} />);
    await answered();
    expect(korean.querySelector('[data-testid="account-request-site"]')?.textContent).toContain(
      'Korean brand (KRW)',
    );
    expect(fields(korean).map((f) => f.value)).toEqual(['', '', '', '']);

    const nextThai = await render(<AccountRequestCard request={request(3, 1)} />);
    await answered();
    expect(fields(nextThai).map((f) => f.value)).toEqual([...thaiAccount, '']);
  });
});
