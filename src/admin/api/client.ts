/** A refusal from /api/admin: `message` is the server's plain-English reason, shown to the operator. */
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
    throw new AdminFailure(0, 'network', 'The server cannot be reached. Check the connection.', {});
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || json.status !== 'success') {
    const message = typeof json.message === 'string' ? json.message : response.statusText;
    throw new AdminFailure(response.status, String(json.status ?? 'error'), message, json);
  }
  return json as T;
}

export const adminGet = <T>(path: string, query?: Query) => call<T>('GET', withQuery(path, query));
export const adminPost = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body);

/** The reply's message for an operator: the server's reason, or a plain fallback. */
export const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';
