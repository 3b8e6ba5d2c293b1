import { z } from 'zod';

/** Field rules shared by the register form and the server. */
export const memberIdField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9]{3,15}$/, 'id: 4-16 letters or digits, starting with a letter');

export const passwordField = z
  .string()
  .min(8, 'pw: at least 8 characters')
  .max(64, 'pw: at most 64 characters')
  .regex(/[A-Za-z]/, 'pw: needs a letter')
  .regex(/[0-9]/, 'pw: needs a digit');

export const nickField = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}_]{2,16}$/u, 'nick: 2-16 letters, digits or _');

export const phoneField = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'phone: 8-20 digits')
  .transform((v) => v.replace(/[ -]/g, ''));

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'email: too long')
  .pipe(z.email('email: an address'));

/** A calendar date, YYYY-MM-DD (the date of birth). */
export const birthDateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'birthDate: YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900;
  }, 'birthDate: not a date');

export const bankNameField = z.string().trim().min(1, 'bankname: required').max(40, 'bankname: too long');
export const bankOwnerField = z.string().trim().min(1, 'bankOwner: required').max(40, 'bankOwner: too long');
export const bankNumberField = z
  .string()
  .trim()
  .regex(/^[0-9][0-9-]{3,28}[0-9]$/, 'banknum: 5-30 digits or dashes');

export const referralCodeField = z
  .string()
  .trim()
  .max(32, 'code: too long')
  .regex(/^[A-Za-z0-9]*$/, 'code: letters and digits only');

/** Free text that arrives from a login form: bounded, otherwise taken as is. */
export const loginText = z.string().max(128);

/** Money in the currency's minor unit; the page may send a number or a numeric string. */
export const amountField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,16}(\.\d+)?$/, 'balance: a number')
      .transform(Number),
  ])
  .refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e13, 'balance: out of range');

/** The page's idempotency code (a timestamp): the same code again is the same request. */
export const requestCodeField = z.union([
  z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, 'code: 1-64 letters, digits or ._:-'),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).transform(String),
]);

export const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const pageFields = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

/**
 * A page of a member's history, newest first: `before` is the `next` of the previous page (a row id),
 * `from`/`to` an ISO instant range (from inclusive, to exclusive).
 */
export const historyFields = {
  pageSize: z.number().int().min(1).max(100).default(20),
  before: idField.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
