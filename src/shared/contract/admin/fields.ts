import { z } from 'zod';

/** Field rules of the admin API's requests, so each input kind is checked one way. */

/** A row id in a path or query: positive and exact in a JS number. */
export const idText = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParam = z.object({ id: idText });
/** A row id in a JSON body. */
export const idNumber = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const levelNumber = z.number().int().min(1).max(20);
/** Why an operator does what needs a reason (written to the audit log): 3 to 500 characters. */
export const operatorReason = z.string().trim().min(3, 'a reason is required').max(500);
/** The body of an action whose only input is its reason (lifting a member's or an operator's lock early). */
export const reasonBody = z.object({ reason: operatorReason });

/** A query parameter the page may leave empty: '' means not given. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** An int4 column's range, so a huge number is a 400 and never a database overflow. */
export const int4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
export const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);
export const usedFlag = z.enum(['y', 'n']);

/** An instant with its offset, e.g. 2025-06-01T09:00:00+09:00; null clears it. */
export const instant = z.iso
  .datetime({ offset: true })
  .transform((s) => new Date(s))
  .nullable();

/** A path on our own origin (/media/...): no scheme, no host, no way up the tree. */
export const sameOriginPath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[A-Za-z0-9._~\-/]*$/, 'a path on this site, like /media/...')
  .refine((p) => !p.split('/').includes('..'), 'a path on this site, like /media/...');

/** An absolute https address a browser opens as is. */
export const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'an https:// address');

/** A host name as sites store it: lower case, no port. */
export const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name like casino.example',
  );

/** A content `domain` field: host names separated by comma, bar or space; empty means every site. */
export const domainList = z
  .string()
  .max(500)
  .regex(/^[A-Za-z0-9.\-,| ]*$/, 'host names separated by comma, bar or space');

/** An edit's body: any of the fields, but at least one of them. */
export const patchOf = <T extends z.ZodObject>(schema: T) =>
  schema.refine(
    (value) => Object.values(value as object).some((v) => v !== undefined),
    'send at least one field to change',
  );
