import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), from zod's own converter. `input`
 * describes what goes over the wire: dates as ISO strings, before any parsing transform.
 */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    // A named format (date-time, date ...) says it; zod's long regex for it would only bloat the file.
    override: ({ jsonSchema: node }) => {
      if (node.format && node.pattern) delete node.pattern;
    },
  }) as JsonSchema;
  return rest;
}

/** The named properties of an object schema, for path and query parameters. */
export function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/** '/members/:id' → '/members/{id}'. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

export const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });
