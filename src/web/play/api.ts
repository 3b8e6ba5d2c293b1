/** Calls to the built-in provider's game server, from its games in the browser. */
import type { HouseAction, HouseRequest, HouseSuccess } from '../../shared/contract/house-api.ts';

export class GameError extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly balance?: number,
    /** The refusal's other fields (a limit's `limit`, `period`, `amount`, `resetsAt`). */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** POST /house/api/<action>, typed by the contract (src/shared/contract/house-api.ts); anything but success throws. */
export async function houseCall<A extends HouseAction>(
  action: A,
  body: HouseRequest<A>,
): Promise<HouseSuccess<A>> {
  let res: Response;
  try {
    res = await fetch(`/house/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new GameError('network', 'The connection was lost. Please try again.');
  }
  const json = (await res.json().catch(() => ({}))) as {
    status?: string;
    message?: string;
    balance?: number;
  } & Record<string, unknown>;
  if (json.status !== 'success') {
    throw new GameError(json.status ?? 'error', json.message ?? 'Something went wrong', json.balance, json);
  }
  return json as HouseSuccess<A>;
}
