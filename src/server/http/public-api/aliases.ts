import type { MemberUser } from '../../../shared/contract/routes.ts';

/** A reply or a body as these clients see it: plain JSON fields. */
export type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A row under our names and the older generation's: `_id`, `regDate`/`regdate`/`setdate`,
 * `title_color`, `isRead` ('y'/'n'), `text` (a note's body), `ref.contents` (a help answer),
 * `mobileImg`, `balance` (a request's amount). Ours stay as they are.
 */
export function rowAliases(row: Fields): Fields {
  const out: Fields = { ...row };
  if ('id' in row) out._id = row.id;
  const created = row.createdAt ?? row.lastDate;
  const changed = row.lastDate ?? row.createdAt;
  if (typeof created === 'string') {
    out.regDate = created;
    out.regdate = created;
  }
  if (typeof changed === 'string') {
    out.setdate = changed;
    out.lastDate ??= changed;
  }
  if ('titleColor' in row) out.title_color = row.titleColor;
  if (typeof row.read === 'boolean') out.isRead = row.read ? 'y' : 'n';
  if (typeof row.contents === 'string' && !('text' in row)) out.text = row.contents;
  if ('answer' in row) out.ref = { contents: row.answer ?? '' };
  if ('imgUrl' in row) out.mobileImg = row.imgUrl;
  if (typeof row.amount === 'number' && !('balance' in row)) out.balance = row.amount;
  return out;
}

/** Every list of rows in a reply gets the row aliases; other fields pass unchanged. */
export function withRowAliases(reply: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(reply)) {
    out[key] = Array.isArray(value) ? value.map((v) => (isFields(v) ? rowAliases(v) : v)) : value;
  }
  return out;
}

/** The member as both generations read it; `point` is the vault, `rolling` stays the comp. */
export function userAliases(user: MemberUser, vault: number): Fields {
  return {
    ...user,
    id: user.userId,
    vault,
    point: vault,
    bankowner: user.bankOwner,
    banknumber: user.banknum,
  };
}

/** `id`, `idx`, `skip` may arrive as numeric strings from these clients; our contract wants numbers. */
export function numeric(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/** Older list calls page by `skip` (rows to pass over); ours by page. */
export const SKIP_PAGE_SIZE = 20;
export function skipToPage(raw: Fields): Fields {
  const skip = numeric(raw.skip);
  if (skip === undefined) return { page: 1, pageSize: SKIP_PAGE_SIZE };
  const page =
    Number.isSafeInteger(skip) && (skip as number) >= 0
      ? Math.floor((skip as number) / SKIP_PAGE_SIZE) + 1
      : skip;
  return { page, pageSize: SKIP_PAGE_SIZE };
}

/** A URL these clients open from their own host: made absolute against the host they called. */
export const absoluteUrl = (url: string, base: string) => new URL(url, base).toString();
