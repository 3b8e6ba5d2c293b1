import { Readable } from 'node:stream';
import type { Locale } from '../../../shared/format.ts';
import { MSG } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { namespaceT } from '../../http/page-i18n.ts';
import { memberStatementLines } from '../ledger/statement.service.ts';
import { isCalendarDay, isoInZone, startOfDay } from '../sites/site-time.ts';

/** The longest range one download covers. */
export const MAX_STATEMENT_DAYS = 366;
const BATCH = 1000;

/** The columns, each named in the member's language (user.json, `statementCsv`). */
const COLUMNS = ['id', 'date', 'kind', 'account', 'amount', 'currency'] as const;

/** Who the statement is for: their site's zone, their currency and their language. */
export interface StatementReader {
  timezone: string;
  currency: string;
  locale: Locale;
}

/** The header row: the date's column names the zone its times are in. */
export function statementHeader(reader: StatementReader): string[] {
  const t = namespaceT(reader.locale, 'user');
  return COLUMNS.map((c) => t(`statementCsv.${c}`, { zone: reader.timezone }));
}

/** One field per RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** Minor units as the currency writes them, in the locale (formatMoney, no symbol): 123456 THB → 1,234.56. */
export const formatMinor = (amount: number, currency: string, locale: Locale = 'en'): string =>
  formatMoney(amount, currency, locale, { display: 'none' });

/** Checks the days and gives the instants they span: [from 00:00, the day after `to` 00:00). */
export function statementRange(from: string, to: string, timezone: string) {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw errors.invalid('from/to: not a calendar day');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) throw errors.invalid('from: after to');
  if (days > MAX_STATEMENT_DAYS) {
    throw errors.invalid(`a statement covers at most ${MAX_STATEMENT_DAYS} days`, MSG.statementRangeTooLong, {
      maxDays: MAX_STATEMENT_DAYS,
    });
  }
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: startOfDay(from, timezone), end: startOfDay(next, timezone) };
}

/**
 * The account statement as a CSV stream, for the member to read: a header row, then one row per ledger
 * line, in their language (its kinds and accounts as my page names them), their site's local time with
 * its offset, the amount with the currency's decimals. What the ledger records for itself (a transfer's
 * reference: who decided, which provider) stays out.
 */
export function statementCsv(
  db: DbOrTx,
  memberId: number,
  range: { start: Date; end: Date },
  reader: StatementReader,
  batchSize = BATCH,
): Readable {
  const t = namespaceT(reader.locale, 'user');
  async function* rows() {
    yield csvLine(statementHeader(reader));
    for await (const line of memberStatementLines(db, memberId, range, batchSize)) {
      yield csvLine([
        line.id,
        isoInZone(line.createdAt, reader.timezone),
        t(`movement.${line.kind}`, { defaultValue: line.kind }),
        t(`accountKind.${line.account}`, { defaultValue: line.account }),
        formatMinor(line.amount, reader.currency, reader.locale),
        reader.currency,
      ]);
    }
  }
  return Readable.from(rows());
}
