import i18next from 'i18next';
import type { RouteName, RouteReply, RouteRequest } from '../../shared/contract/routes.ts';

/** A refusal from the API: `msg` is the message key the page shows. */
export class ApiFailure extends Error {
  constructor(
    readonly status: string,
    readonly msg: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** POST /api/routes/<name> with JSON, same origin, the session travelling in its httpOnly cookie. */
export async function callRoute<N extends RouteName>(name: N, body: RouteRequest<N>): Promise<RouteReply<N>> {
  let response: Response;
  try {
    response = await fetch(`/api/routes/${name}`, {
      method: 'POST',
      // The operator's content (notices, popups, banners, notes) comes back in the site's language.
      headers: { 'content-type': 'application/json', 'accept-language': i18next.language || 'th' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure('network', 'msg2012', 'network error', {});
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (json.status !== 'success') {
    const msg = typeof json.msg === 'string' ? json.msg : 'msg2012';
    throw new ApiFailure(
      String(json.status ?? 'error'),
      msg,
      String(json.message ?? response.statusText),
      json,
    );
  }
  return json as RouteReply<N>;
}
