import type { z } from 'zod';

/**
 * A refused input's first problem, naming its field ("wageringMultiple: expected number, received
 * undefined"): zod's message alone says not which field a caller has to mend.
 */
export function firstIssue(error: z.ZodError, whole = 'body'): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${whole}`;
  return `${issue.path.join('.') || whole}: ${issue.message}`;
}
