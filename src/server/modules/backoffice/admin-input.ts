import type { z } from 'zod';
import { errors } from '../../http/errors.ts';
import { firstIssue } from '../../http/first-issue.ts';

/** Parses an admin request part (body, params, query) or answers 400 with the first problem. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw errors.invalid(firstIssue(parsed.error));
  return parsed.data;
}
