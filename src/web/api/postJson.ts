/**
 * POSTs `body` as JSON to one of our own APIs (the games' and the sports window's): the answer's
 * JSON object (`{}` when it is not JSON, so its `status` decides), or the caller's `lost` error when
 * the connection fails before any answer.
 */
export async function postJson(
  url: string,
  body: unknown,
  lost: () => Error,
): Promise<{ res: Response; json: { status?: string; message?: string } & Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw lost();
  }
  return { res, json: await res.json().catch(() => ({})) };
}
