import { describe, expect, it } from 'vitest';
import { findingDetail } from './reconcile-detail.ts';

describe("a reconciler finding's detail as the desk reads it", () => {
  it('puts the book and the wallet side by side for a mismatch, marking what differs', () => {
    const mismatch = { book: { held: 10_000, paid: 0 }, wallet: { held: 20_000, paid: 0 } };
    expect(findingDetail('wallet_mismatch', mismatch, 'THB')).toEqual({
      compare: [
        { label: 'Stake held', book: '฿100.00', wallet: '฿200.00', differs: true },
        { label: 'Paid out', book: '฿0.00', wallet: '฿0.00', differs: false },
      ],
      lines: [],
    });
    // The same figures of a won bet: the desk holds every site's bets, a hundred times apart.
    expect(findingDetail('wallet_mismatch', mismatch, 'KRW').compare[0]).toMatchObject({
      book: '₩10,000',
      wallet: '₩20,000',
    });
  });

  it('names what a repair did and the amounts it moved', () => {
    const lines = (kind: string, detail: unknown) => findingDetail(kind, detail, 'THB').lines;
    expect(lines('refused_charged', { held: 5_000, action: 'stake rolled back' })).toEqual([
      { label: 'Wallet held', value: '฿50.00' },
      { label: 'Done', value: 'Stake rolled back' },
    ]);
    expect(lines('pending_stuck', { action: 'stake rolled back, bet refused' })).toEqual([
      { label: 'Done', value: 'Stake rolled back, bet refused' },
    ]);
    expect(lines('unpaid_step', { unpaid: 2 })).toEqual([{ label: 'Unpaid steps', value: '2' }]);
  });

  it('shows anything else as it came, and nothing for no detail', () => {
    expect(findingDetail('wallet_mismatch', { note: 'by hand', extra: { a: 1 } }, 'THB')).toEqual({
      compare: [],
      lines: [
        { label: 'Note', value: 'by hand' },
        { label: 'Extra', value: 'a 1' },
      ],
    });
    expect(findingDetail('open_on_decided', null, 'THB')).toEqual({ compare: [], lines: [] });
    expect(findingDetail('open_on_decided', 'odd', 'THB').lines).toEqual([{ label: 'Detail', value: 'odd' }]);
  });
});
