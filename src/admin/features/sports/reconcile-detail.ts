import type { RECONCILE_KINDS } from '../../../shared/contract/admin/sports.ts';
import { formatNumber } from '../../../shared/format.ts';

export type FindingKind = (typeof RECONCILE_KINDS)[number];

/** Each kind as the desk reads it: a name, and what the reconciler did or asks. */
export const FINDING_KINDS: Record<FindingKind, { name: string; about: string; repairs: boolean }> = {
  pending_stuck: {
    name: 'Placement lost',
    about: 'A bet left pending: its placement stopped between the wallet and the book.',
    repairs: true,
  },
  refused_charged: {
    name: 'Refused bet charged',
    about: 'A refused bet whose stake the wallet still held.',
    repairs: true,
  },
  open_on_decided: {
    name: 'Open on decided markets',
    about: 'An open bet its markets’ results decide: its settlement never reached it.',
    repairs: true,
  },
  wallet_mismatch: {
    name: 'Wallet mismatch',
    about: 'The wallet holds or paid other amounts than the book says, with every step paid.',
    repairs: false,
  },
  unpaid_step: {
    name: 'Unpaid step',
    about: 'A settlement step the wallet has not taken for over 10 minutes.',
    repairs: false,
  },
};

/** One line of a finding's detail: a label, and the figures or words under it. */
export interface DetailLine {
  label: string;
  value: string;
}

/** One amount as the book and the wallet each have it. */
export interface Comparison {
  label: string;
  book: string;
  wallet: string;
  differs: boolean;
}

export interface FindingDetail {
  /** A mismatch's amounts, book beside wallet. */
  compare: Comparison[];
  lines: DetailLine[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const amount = (v: unknown) => (typeof v === 'number' ? formatNumber(v, 'en') : '?');
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Any JSON as short text: scalars as they are, objects as "key: value" pairs. */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return formatNumber(value, 'en');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${k} ${plain(v)}`)
      .join(', ');
  return String(value);
}

/**
 * A finding's detail (free JSON from the reconciler) as lines a trader reads: the book's and the
 * wallet's amounts side by side for a mismatch, the action taken for a repair, anything else as it is.
 */
export function findingDetail(kind: string, detail: unknown): FindingDetail {
  const compare: Comparison[] = [];
  const lines: DetailLine[] = [];
  if (!isRecord(detail)) {
    if (detail !== null && detail !== undefined) lines.push({ label: 'Detail', value: plain(detail) });
    return { compare, lines };
  }
  const rest = { ...detail };
  if (kind === 'wallet_mismatch' && isRecord(detail.book) && isRecord(detail.wallet)) {
    const { book, wallet } = detail;
    for (const [key, label] of [
      ['held', 'Stake held'],
      ['paid', 'Paid out'],
    ] as const) {
      compare.push({
        label,
        book: amount(book[key]),
        wallet: amount(wallet[key]),
        differs: book[key] !== wallet[key],
      });
    }
    delete rest.book;
    delete rest.wallet;
  }
  if (kind === 'unpaid_step' && typeof detail.unpaid === 'number') {
    lines.push({ label: 'Unpaid steps', value: formatNumber(detail.unpaid, 'en') });
    delete rest.unpaid;
  }
  if (typeof detail.held === 'number') {
    lines.push({ label: 'Wallet held', value: amount(detail.held) });
    delete rest.held;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'action') continue;
    lines.push({ label: sentence(key), value: plain(value) });
  }
  if (typeof detail.action === 'string') lines.push({ label: 'Done', value: sentence(detail.action) });
  return { compare, lines };
}
