// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { MemberActions } from './MemberActions.tsx';
import { MemberDebt } from './MemberDebt.tsx';

const { render, settle, stubApi } = adminRenderer();

/** A member of a THB site who owes ฿3,000.00 and holds ฿1,000.00 in cash. */
const owing = {
  profile: { id: 7, status: 'active', level: 1 },
  currency: 'THB',
  balances: { cash: 100_000, comp: 0, held: 0, vault: 0 },
  debt: {
    owed: 300_000,
    openedAt: '2026-01-02T03:04:05.000Z',
    entries: [
      {
        id: 1,
        amount: 300_000,
        cause: 'correction',
        provider: 'sports',
        roundId: 'sb-9',
        txId: 'x',
        reason: null,
        operator: null,
        createdAt: '2026-01-02T03:04:05.000Z',
      },
    ],
  },
} as unknown as MemberDetail;

async function submit(form: HTMLFormElement, reason: string) {
  const input = form.querySelector('input') as HTMLInputElement;
  input.value = reason;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}

describe('the member page: the member’s debt', () => {
  it('shows what is owed in the member’s currency, and sends a collection or a write-off with a reason and a key', async () => {
    const sent = stubApi({
      kind: 'cash',
      amount: 100_000,
      owedBefore: 300_000,
      owedAfter: 200_000,
      balances: {},
    });
    const page = await render(<MemberDebt detail={owing} mayManage />);
    expect(page.querySelector('[data-testid="member-debt-open"]')?.textContent).toContain('฿3,000.00');
    const [collect, writeOff] = [...page.querySelectorAll('form')] as HTMLFormElement[];
    // What a collection takes: the cash the member holds, when it is less than the debt.
    expect(collect!.querySelector('button')?.textContent).toBe('Collect ฿1,000.00 from cash');
    expect(writeOff!.querySelector('button')?.textContent).toBe('Write off ฿3,000.00');
    const actions = () => sent.filter((request) => request.url.includes('/debt/'));
    await submit(collect!, 'repaid from cash');
    expect(actions().at(-1)).toMatchObject({
      url: expect.stringMatching(/\/members\/7\/debt\/collect$/),
      body: { reason: 'repaid from cash', key: expect.stringMatching(/^[\x21-\x7e]{8,64}$/) },
    });
    expect(page.textContent).toContain('Collected ฿1,000.00; ฿2,000.00 still owed.');
    await submit(writeOff!, 'account closed');
    expect(actions()).toHaveLength(2);
    expect(actions().at(-1)).toMatchObject({
      url: expect.stringMatching(/\/members\/7\/debt\/write-off$/),
      body: { reason: 'account closed' },
    });
  });

  it('offers no collection without cash, and no action to an operator who may not manage members', async () => {
    stubApi({});
    const broke = { ...owing, balances: { ...owing.balances, cash: 0 } };
    const page = await render(<MemberDebt detail={broke} mayManage />);
    const collect = page.querySelector('form button') as HTMLButtonElement;
    expect(collect.textContent).toBe('No cash to collect from');
    expect(collect.disabled).toBe(true);
    const readOnly = await render(<MemberDebt detail={owing} mayManage={false} />);
    expect(readOnly.querySelectorAll('form')).toHaveLength(0);
    expect(readOnly.textContent).toContain('฿3,000.00');
  });

  it('warns on the adjustment form while a debt is open, and refuses to send a debit', async () => {
    const sent = stubApi({ balances: {} });
    const page = await render(<MemberActions profile={owing.profile} currency="THB" owed={300_000} />);
    expect(page.querySelector('[data-testid="adjust-debt-warning"]')?.textContent).toContain(
      'owes ฿3,000.00',
    );
    const form = [...page.querySelectorAll('form')].find((f) => f.textContent?.includes('Adjust balance'))!;
    const [amount] = [...form.querySelectorAll('input')] as HTMLInputElement[];
    amount!.value = '-100';
    amount!.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect((form.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
    const clear = await render(<MemberActions profile={owing.profile} currency="THB" owed={0} />);
    expect(clear.querySelector('[data-testid="adjust-debt-warning"]')).toBeNull();
  });
});
