import { describe, expect, it } from 'vitest';
import { findingDetail } from './reconcile-detail.ts';

describe("a reconciler finding's detail as the desk reads it", () => {
  it('puts the book and the wallet side by side for a mismatch, marking what differs', () => {
    expect(
      findingDetail('wallet_mismatch', {
        book: { held: 10_000, paid: 0 },
        wallet: { held: 20_000, paid: 0 },
      }),
    ).toEqual({
      compare: [
        { label: 'Stake held', book: '10,000', wallet: '20,000', differs: true },
        { label: 'Paid out', book: '0', wallet: '0', differs: false },
      ],
      lines: [],
    });
  });

  it('names what a repair did and the amounts it moved', () => {
    const lines = (kind: string, detail: unknown) => findingDetail(kind, detail).lines;
    expect(lines('refused_charged', { held: 5_000, action: 'stake rolled back' })).toEqual([
      { label: 'Wallet held', value: '5,000' },
      { label: 'Done', value: 'Stake rolled back' },
    ]);
    expect(lines('pending_stuck', { action: 'stake rolled back, bet refused' })).toEqual([
      { label: 'Done', value: 'Stake rolled back, bet refused' },
    ]);
    expect(lines('unpaid_step', { unpaid: 2 })).toEqual([{ label: 'Unpaid steps', value: '2' }]);
  });

  it('shows anything else as it came, and nothing for no detail', () => {
    expect(findingDetail('wallet_mismatch', { note: 'by hand', extra: { a: 1 } })).toEqual({
      compare: [],
      lines: [
        { label: 'Note', value: 'by hand' },
        { label: 'Extra', value: 'a 1' },
      ],
    });
    expect(findingDetail('open_on_decided', null)).toEqual({ compare: [], lines: [] });
    expect(findingDetail('open_on_decided', 'odd').lines).toEqual([{ label: 'Detail', value: 'odd' }]);
  });
});
