import { z } from 'zod';

/**
 * One admin API call: method, path under /api/admin, and the zod schemas of its parts.
 * The server parses params/query/body with them (a failure is a 400) and encodes its reply with
 * `response` (which drops any field the contract does not name); the back office types its calls
 * from the same object; the OpenAPI document is generated from it.
 */
export interface AdminEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/admin, Fastify style: '/members/:id'. */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Instead of `body`: the body's schema chosen by a path parameter (content: its fields per kind). */
  bodyOf?: { param: string; schemas: Record<string, z.ZodType> };
  /** The success reply. Dates are codecs: a Date on the server, an ISO string on the wire. */
  response: z.ZodType;
}

/** Declares an endpoint keeping its exact schema types. */
export const endpoint = <const E extends AdminEndpoint>(spec: E): E => spec;

type PartOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What the server's handler gets after parsing. */
export type ParsedParams<E extends AdminEndpoint> =
  PartOf<E, 'params'> extends z.ZodType ? z.output<PartOf<E, 'params'>> : undefined;
export type ParsedQuery<E extends AdminEndpoint> =
  PartOf<E, 'query'> extends z.ZodType ? z.output<PartOf<E, 'query'>> : undefined;
type BodyOfSchemas<E> = E extends { bodyOf: { schemas: infer S extends Record<string, z.ZodType> } }
  ? S[keyof S]
  : undefined;
export type ParsedBody<E extends AdminEndpoint> =
  PartOf<E, 'body'> extends z.ZodType
    ? z.output<PartOf<E, 'body'>>
    : BodyOfSchemas<E> extends z.ZodType
      ? z.output<BodyOfSchemas<E>>
      : undefined;
/** What the server's handler returns (before encoding: Dates as Date); the API adds `status`. */
export type ReplyValue<E extends AdminEndpoint> = Omit<z.output<E['response']>, 'status'>;

/** What the back office sends and receives (the wire format: dates as ISO strings). */
export type SendParams<E extends AdminEndpoint> =
  PartOf<E, 'params'> extends z.ZodType
    ? { [K in keyof z.output<PartOf<E, 'params'>>]: string | number }
    : undefined;
export type SendQuery<E extends AdminEndpoint> =
  PartOf<E, 'query'> extends z.ZodType
    ? { [K in keyof z.output<PartOf<E, 'query'>>]?: string | number | undefined }
    : undefined;
export type SendBody<E extends AdminEndpoint> =
  PartOf<E, 'body'> extends z.ZodType
    ? z.input<PartOf<E, 'body'>>
    : BodyOfSchemas<E> extends z.ZodType
      ? z.input<BodyOfSchemas<E>>
      : undefined;

/** The schema a request's body is parsed with, once its params are known. */
export function bodySchema(spec: AdminEndpoint, params: unknown): z.ZodType | undefined {
  if (spec.body) return spec.body;
  if (!spec.bodyOf) return undefined;
  const key = (params as Record<string, unknown> | undefined)?.[spec.bodyOf.param];
  return typeof key === 'string' ? spec.bodyOf.schemas[key] : undefined;
}
export type AdminReply<E extends AdminEndpoint> = z.input<E['response']>;

/** Fills ':name' segments of a path from `params`, encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Every success reply carries this word. */
export const ok = z.object({ status: z.literal('success') });

/** An instant in a reply: a Date on the server, an ISO 8601 string on the wire. */
export const instantOut = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** Whatever JSON a column holds (audit before/after): described, not checked. */
export const anyJson = z.unknown();
