import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { isCalendarDay, isoInZone, startOfDay } from '../sites/site-time.ts';

/** The longest range one download covers. */
export const MAX_STATEMENT_DAYS = 366;
const BATCH = 1000;

export const STATEMENT_HEADER = ['id', 'date', 'kind', 'account', 'amount_minor', 'amount', 'reference'];

/** One field per RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** Minor units as the currency writes them: 123456 KRW → 123,456; 123456 THB → 1,234.56. */
export function formatMinor(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    0;
  const scale = 10 ** digits;
  const abs = Math.abs(amount);
  const whole = new Intl.NumberFormat('en-US').format(Math.trunc(abs / scale));
  const fraction = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${whole}${fraction}`;
}

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

interface Line {
  id: number;
  created_at: Date;
  kind: string;
  account: string;
  amount: number;
  reference: unknown;
}

/**
 * The member's ledger lines in the range, oldest first, read in batches by id. One part per account
 * and direction, each an index scan on ledger_transfers_from / _to in id order that stops at the batch
 * size, so a batch costs its own rows, not a sort of the whole range.
 */
async function* lines(
  db: DbOrTx,
  memberId: number,
  start: Date,
  end: Date,
  batchSize: number,
): AsyncGenerator<Line> {
  const accounts = await queryRows<{ id: number; kind: string }>(
    db,
    sql`select id, kind from ledger_accounts where member_id = ${memberId} order by id`,
  );
  if (accounts.length === 0) return;
  let after = 0;
  let afterSign = -2;
  for (;;) {
    // A transfer between two of the member's own accounts (cash → held) is two lines: out, then in.
    const parts = accounts.flatMap((a) =>
      (['from', 'to'] as const).map((side) => {
        const sign = side === 'to' ? 1 : -1;
        const column = side === 'to' ? sql`to_account_id` : sql`from_account_id`;
        // Keyset on (id, sign): the line after the last one read.
        const from = sign > afterSign ? after : after + 1;
        return sql`(select id, created_at, kind, ${a.kind}::text as account, ${sign} * amount as amount,
            reference, ${sign}::int as sign from ledger_transfers
          where ${column} = ${a.id} and id >= ${from} and created_at >= ${start} and created_at < ${end}
          order by id limit ${batchSize})`;
      }),
    );
    const batch = await queryRows<Line & { sign: number }>(
      db,
      sql`select * from (${sql.join(parts, sql` union all `)}) l order by id, sign limit ${batchSize}`,
    );
    for (const line of batch) yield line;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = last.id;
    afterSign = last.sign;
  }
}

/** The account statement as a CSV stream: a header row, then one row per ledger line. */
export function statementCsv(
  db: DbOrTx,
  memberId: number,
  range: { start: Date; end: Date },
  site: { timezone: string; currency: string },
  batchSize = BATCH,
): Readable {
  async function* rows() {
    yield csvLine(STATEMENT_HEADER);
    for await (const line of lines(db, memberId, range.start, range.end, batchSize)) {
      yield csvLine([
        line.id,
        isoInZone(new Date(line.created_at), site.timezone),
        line.kind,
        line.account,
        line.amount,
        formatMinor(line.amount, site.currency),
        JSON.stringify(line.reference ?? {}),
      ]);
    }
  }
  return Readable.from(rows());
}
