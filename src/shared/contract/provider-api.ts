import { z } from 'zod';

/**
 * One action of a built-in provider's window API: POST <base>/<action> with a JSON body. The
 * server's dispatcher (src/server/providers/action-api.ts) validates the body with `request` and
 * sets the HTTP code from `answers`; the window types its calls from the same object; the OpenAPI
 * document lists it.
 */
export interface ProviderAction {
  summary: string;
  /**
   * 'token': the body's launch `token` is asked of the wallet first; a token whose login is over is
   * refused with 401 `session_expired`. 'public': no token, no player (prices and rules are public).
   */
  auth: 'token' | 'public';
  request: z.ZodType;
  /**
   * A body `request` accepts: the OpenAPI document shows it, and the contract test breaks each of its
   * fields in turn (each must be refused with 400, nothing written).
   */
  example: Record<string, unknown>;
  /** What the window reads as the action's answer: `status: 'success'`, and any other answer it names. */
  response: z.ZodType;
  /** The HTTP code of each status word `response` carries. */
  answers: Record<string, number>;
  /**
   * Refusals of this action besides those every action has (`refusalsOf`), by HTTP code: their status
   * words. A refusal's body is `providerRefusal`.
   */
  refusals?: Record<number, readonly string[]>;
}

/** A provider's window API: its actions under one path. */
export interface ProviderApi {
  /** The actions are POST `${base}/<action>`. */
  base: string;
  /** Its tag in the OpenAPI document, and the tag's line. */
  tag: string;
  description: string;
  actions: Record<string, ProviderAction>;
}

/** Declares a provider API keeping its exact schema types. */
export const providerApi = <const Api extends ProviderApi>(api: Api): Api => api;

/** The launch token open-game put in the window's URL. */
export const launchTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** A launch token as the examples show it. */
export const EXAMPLE_TOKEN = 'launch-token-from-the-window-url-0123456789';

/** Every success answer carries this word. */
export const ok = z.object({ status: z.literal('success') });

/** A refusal: its status word and English for logs and tools, plus any fields the refusal names. */
export const providerRefusal = z.looseObject({ status: z.string(), message: z.string() });

/** Every action's refusals: a body its schema refuses; with a token, a login that is over. */
export function refusalsOf(action: ProviderAction): Record<number, readonly string[]> {
  const own = action.refusals ?? {};
  const merged: Record<number, string[]> = { 400: ['invalid'] };
  if (action.auth === 'token') merged[401] = ['session_expired'];
  for (const [code, words] of Object.entries(own)) {
    merged[Number(code)] = [...new Set([...(merged[Number(code)] ?? []), ...words])];
  }
  return merged;
}

/** An action name that is not in the API: 404 `not_found`. */
export const UNKNOWN_ACTION = { code: 404, status: 'not_found', message: 'no such action' } as const;

export type ActionName<Api extends ProviderApi> = keyof Api['actions'] & string;
/** What the window sends. */
export type ActionRequest<Api extends ProviderApi, A extends ActionName<Api>> = z.input<
  Api['actions'][A]['request']
>;
/** What the server's handler gets after validation. */
export type ActionBody<Api extends ProviderApi, A extends ActionName<Api>> = z.output<
  Api['actions'][A]['request']
>;
/** The action's answers, as the window reads them. */
export type ActionAnswer<Api extends ProviderApi, A extends ActionName<Api>> = z.output<
  Api['actions'][A]['response']
>;
/** The success answer alone. */
export type ActionSuccess<Api extends ProviderApi, A extends ActionName<Api>> = Extract<
  ActionAnswer<Api, A>,
  { status: 'success' }
>;
