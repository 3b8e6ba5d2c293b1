import type { JsonSchema } from './json-schema.ts';

/** One API's part of the OpenAPI document: its tags, paths and any shared schemas. */
export interface ApiSection {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  schemas?: Record<string, JsonSchema>;
  securitySchemes?: Record<string, unknown>;
}

/** Every failure reply: a status word, the message key the page shows, English for logs and tools. */
export const FAILURE_REF = { $ref: '#/components/schemas/Failure' };

export const failureResponses = (codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      { description: 'refused', content: { 'application/json': { schema: FAILURE_REF } } },
    ]),
  );
