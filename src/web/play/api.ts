/** Calls to the built-in provider's game server, from its games in the browser. */
import type { HouseAction, HouseRequest, HouseSuccess } from '../../shared/contract/house-api.ts';
import { postJson } from '../api/postJson.ts';

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
  const { json } = await postJson(
    `/house/api/${action}`,
    body,
    () => new GameError('network', 'The connection was lost. Please try again.'),
  );
  if (json.status !== 'success') {
    const balance = typeof json.balance === 'number' ? json.balance : undefined;
    throw new GameError(json.status ?? 'error', json.message ?? 'Something went wrong', balance, json);
  }
  return json as HouseSuccess<A>;
}
