/**
 * A PostgreSQL array literal, sent as one parameter: Drizzle spreads a JS array in a template into
 * a list of parameters, which `= any(...)` cannot take.
 */
export const intArray = (values: readonly number[]) =>
  `{${values.map((v) => String(Math.trunc(Number(v)))).join(',')}}`;
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
