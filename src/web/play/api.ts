/** Calls to the built-in provider's game server, from its games in the browser. */
export interface GameInfo {
  code: string;
  engine: 'slot' | 'baccarat';
  title: string;
}

export interface Fairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface InitReply {
  status: 'success';
  game: GameInfo;
  balance: number;
  currency: string;
  lineBets: number[];
  chips: number[];
  fairness: Fairness;
}

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

export async function houseCall<T>(action: string, body: object): Promise<T> {
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
  return json as T;
}
