import i18next from 'i18next';
import {
  type AdminEndpoint,
  type AdminReply,
  fillPath,
  type SendBody,
  type SendParams,
  type SendQuery,
} from '../../shared/contract/admin/endpoint.ts';

/**
 * A refusal from /api/admin: `message` is the server's plain-English reason; `status` and the body's `msg`
 * say which refusal it is, and api/refusal.ts shows it in the operator's language.
 */
export class AdminFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined>;

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** One call to /api/admin; the operator's session travels in its httpOnly, SameSite=Strict cookie. */
async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AdminFailure(0, 'network', i18next.t('common.offline'), {});
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || json.status !== 'success') {
    const message = typeof json.message === 'string' ? json.message : response.statusText;
    throw new AdminFailure(response.status, String(json.status ?? 'error'), message, json);
  }
  return json as T;
}

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call sends: the path's params and the body when the endpoint has them; the query is optional. */
export type CallInput<E extends AdminEndpoint> = Part<'params', SendParams<E>> &
  Part<'body', SendBody<E>> & { query?: SendQuery<E> };

/**
 * Calls an endpoint of the admin contract (src/shared/contract/admin): the path, the input and the
 * reply are all typed from it, so a contract change that breaks a screen fails the typecheck.
 */
export function adminCall<E extends AdminEndpoint>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<AdminReply<E>> {
  return adminSend(endpoint, input);
}

/** adminCall with the input as one argument, for hooks generic over the endpoint. */
export function adminSend<E extends AdminEndpoint>(
  endpoint: E,
  input: CallInput<E> | undefined,
): Promise<AdminReply<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
  };
  const path = withQuery(fillPath(endpoint.path, params), query);
  return call<AdminReply<E>>(endpoint.method, path, endpoint.method === 'POST' ? (body ?? {}) : undefined);
}
