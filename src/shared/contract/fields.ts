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
