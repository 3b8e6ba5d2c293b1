import type { RECONCILE_KINDS } from '../../../shared/contract/admin/sports.ts';
import { formatNumber, type Locale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';

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

/** The detail's labels and the reconciler's actions in the operator's language; English unless given. */
export interface DetailWords {
  locale: Locale;
  detail: string;
  stakeHeld: string;
  paidOut: string;
  unpaidSteps: string;
  walletHeld: string;
  done: string;
  /** The reconciler's action ("stake rolled back") as a sentence. */
  action(action: string): string;
}
const ENGLISH: DetailWords = {
  locale: 'en',
  detail: 'Detail',
  stakeHeld: 'Stake held',
  paidOut: 'Paid out',
  unpaidSteps: 'Unpaid steps',
  walletHeld: 'Wallet held',
  done: 'Done',
  action: (action) => sentence(action),
};
/** The reconciler's actions (src/server/providers/sports/reconciler.ts) by their desk text key. */
const ACTIONS: Record<string, string> = {
  'stake rolled back, bet refused': 'rolledBackRefused',
  settled: 'settled',
  'stake rolled back': 'rolledBack',
};

/** The desk's words for a finding's detail, from its texts (`trading.detail.*`). */
export function detailWords(t: (key: string) => string, locale: Locale): DetailWords {
  return {
    locale,
    detail: t('trading.detail.detail'),
    stakeHeld: t('trading.detail.stakeHeld'),
    paidOut: t('trading.detail.paidOut'),
    unpaidSteps: t('trading.detail.unpaidSteps'),
    walletHeld: t('trading.detail.walletHeld'),
    done: t('trading.detail.done'),
    action: (action) => (ACTIONS[action] ? t(`trading.detail.action.${ACTIONS[action]}`) : sentence(action)),
  };
}
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Any JSON as short text: scalars as they are, objects as "key: value" pairs. */
function plain(value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => plain(v, locale)).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${k} ${plain(v, locale)}`)
      .join(', ');
  return String(value);
}

/**
 * A finding's detail (free JSON from the reconciler) as lines a trader reads: the book's and the
 * wallet's amounts side by side for a mismatch (in the bet's `currency`: the desk holds every site's
 * bets), the action taken for a repair, anything else as it is.
 */
export function findingDetail(
  kind: string,
  detail: unknown,
  currency: string,
  words: DetailWords = ENGLISH,
): FindingDetail {
  const { locale } = words;
  const amount = (v: unknown) =>
    typeof v !== 'number' ? '?' : currency ? formatMoney(v, currency, locale) : formatNumber(v, locale);
  const compare: Comparison[] = [];
  const lines: DetailLine[] = [];
  if (!isRecord(detail)) {
    if (detail !== null && detail !== undefined)
      lines.push({ label: words.detail, value: plain(detail, locale) });
    return { compare, lines };
  }
  const rest = { ...detail };
  if (kind === 'wallet_mismatch' && isRecord(detail.book) && isRecord(detail.wallet)) {
    const { book, wallet } = detail;
    for (const [key, label] of [
      ['held', words.stakeHeld],
      ['paid', words.paidOut],
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
    lines.push({ label: words.unpaidSteps, value: formatNumber(detail.unpaid, locale) });
    delete rest.unpaid;
  }
  if (typeof detail.held === 'number') {
    lines.push({ label: words.walletHeld, value: amount(detail.held) });
    delete rest.held;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'action') continue;
    lines.push({ label: sentence(key), value: plain(value, locale) });
  }
  if (typeof detail.action === 'string')
    lines.push({ label: words.done, value: words.action(detail.action) });
  return { compare, lines };
}
