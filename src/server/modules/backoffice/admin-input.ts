import type { z } from 'zod';
import { invalid } from '../../http/api-error.ts';

/** Parses an admin request part (body, params, query) or answers 400 with the first problem. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'invalid body');
  return parsed.data;
}

/** An edit's body: any of the fields, but at least one of them. */
export function parsePatch<T extends object>(schema: z.ZodType<T>, value: unknown): T {
  const patch = parseInput(schema, value);
  if (Object.values(patch).every((v) => v === undefined)) throw invalid('send at least one field to change');
  return patch;
}
