/**
 * A PostgreSQL array literal, sent as one parameter: Drizzle spreads a JS array in a template into
 * a list of parameters, which `= any(...)` cannot take.
 */
export const intArray = (values: readonly number[]) =>
  `{${values.map((v) => String(Math.trunc(Number(v)))).join(',')}}`;
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
export const boolArray = (values: readonly boolean[]) =>
  `{${values.map((v) => (v ? 'true' : 'false')).join(',')}}`;
/** An int8 array whose missing entries are SQL NULLs (a function's "not given" per element). */
export const intOrNullArray = (values: readonly (number | null | undefined)[]) =>
  `{${values.map((v) => (v === undefined || v === null ? 'NULL' : String(Math.trunc(Number(v))))).join(',')}}`;
