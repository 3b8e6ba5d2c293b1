import { z } from 'zod';
import {
  type ProviderAction,
  type ProviderApi,
  providerRefusal,
  refusalsOf,
  UNKNOWN_ACTION,
} from '../../../shared/contract/provider-api.ts';
import { jsonContent, jsonSchema } from './json-schema.ts';
import type { ApiSection } from './section.ts';

const REFUSAL_REF = { $ref: '#/components/schemas/ProviderRefusal' };

/** The part of an action's answers that carries these status words (all of it unless it is a union by status). */
function answerOf(action: ProviderAction, words: string[]): z.ZodType {
  const { response } = action;
  if (!(response instanceof z.ZodDiscriminatedUnion)) return response;
  const options = (response.options as z.ZodObject[]).filter((option) => {
    const status = option.shape.status;
    return status instanceof z.ZodLiteral && words.some((word) => status.values.has(word));
  });
  return options.length === 1 ? options[0]! : z.union(options);
}

/** A built-in provider's window API (POST <base>/<action>) from its contract in src/shared/contract. */
export function providerSection(api: ProviderApi): ApiSection {
  const paths: ApiSection['paths'] = {};
  for (const [name, action] of Object.entries(api.actions)) {
    const responses: Record<string, unknown> = {};
    const answerWords = new Map<number, string[]>();
    for (const [word, code] of Object.entries(action.answers)) {
      answerWords.set(code, [...(answerWords.get(code) ?? []), word]);
    }
    for (const [code, words] of answerWords) {
      responses[String(code)] = {
        description: words.join(', '),
        content: jsonContent(jsonSchema(answerOf(action, words))),
      };
    }
    for (const [code, words] of Object.entries(refusalsOf(action))) {
      responses[code] ??= { description: words.join(', '), content: jsonContent(REFUSAL_REF) };
    }
    paths[`${api.base}/${name}`] = {
      post: {
        operationId: `${api.tag.replace(/\W+/g, '-')}.${name}`,
        tags: [api.tag],
        summary: action.summary,
        description:
          action.auth === 'token'
            ? 'The body’s `token` is the launch token; once the login it was launched from is over, 401 `session_expired`.'
            : 'No token needed.',
        security: [],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(action.request), example: action.example } },
        },
        responses,
      },
    };
  }
  return {
    tags: [
      {
        name: api.tag,
        description: `${api.description}. An unknown action: ${UNKNOWN_ACTION.code} \`${UNKNOWN_ACTION.status}\`.`,
      },
    ],
    paths,
    schemas: { ProviderRefusal: jsonSchema(providerRefusal) },
  };
}
