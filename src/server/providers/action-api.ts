import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type ActionName,
  type ProviderAction,
  type ProviderApi,
  UNKNOWN_ACTION,
} from '../../shared/contract/provider-api.ts';
import { firstIssue } from '../http/first-issue.ts';

/** A reply with its own HTTP code: a refusal, or an answer whose status word alone does not say the code. */
export class CodedReply {
  constructor(
    readonly code: number,
    readonly body: { status: string; message?: string },
  ) {}
}

/** A refusal: its HTTP code, status word and English for logs and tools. */
export const refuse = (code: number, status: string, message: string) =>
  new CodedReply(code, { status, message });

type Handler<A extends ProviderAction, Player> = (input: {
  body: z.output<A['request']>;
  /** The launch token's player (actions with `auth: 'token'`). */
  player: A['auth'] extends 'token' ? Player : undefined;
  request: FastifyRequest;
}) => Promise<z.input<A['response']> | CodedReply>;

/**
 * Serves a provider's window API from its contract (src/shared/contract/provider-api.ts), one route
 * for all its actions: POST `${api.base}/:action`.
 *
 * 1. An unknown action: 404 `not_found`.
 * 2. The body is validated with the action's `request`: else 400 `invalid` naming the first problem.
 * 3. With `auth: 'token'`, `player` resolves the body's launch token: none, 401 `session_expired`;
 *    a refusal of it (a CodedReply) is answered as it is.
 * 4. The action's handler runs; its answer goes out with the HTTP code `answers` gives its status
 *    word, a CodedReply with its own.
 */
export function serveActions<Api extends ProviderApi, Player>(
  app: FastifyInstance,
  api: Api,
  opts: {
    /**
     * The launch token's player, or undefined when the login it was launched from is over. `body`, the
     * action's checked request: an action may read what it needs together with the player. A
     * CodedReply refuses the request for this token (a game the token was not opened for).
     */
    player(token: string, action: ActionName<Api>, body: unknown): Promise<Player | CodedReply | undefined>;
    /** The message of the 401 for a token whose login is over. */
    sessionEnded: string;
    handlers: NoInfer<{ [A in ActionName<Api>]: Handler<Api['actions'][A], Player> }>;
  },
): void {
  app.post<{ Params: { action: string } }>(`${api.base}/:action`, async (request, reply) => {
    const name = request.params.action as ActionName<Api>;
    if (!Object.hasOwn(api.actions, name)) {
      return reply
        .code(UNKNOWN_ACTION.code)
        .send({ status: UNKNOWN_ACTION.status, message: UNKNOWN_ACTION.message });
    }
    const action: ProviderAction = api.actions[name]!;
    const parsed = action.request.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(400).send({ status: 'invalid', message: firstIssue(parsed.error) });
    }
    let player: Player | undefined;
    if (action.auth === 'token') {
      const found = await opts.player((parsed.data as { token: string }).token, name, parsed.data);
      if (found === undefined)
        return reply.code(401).send({ status: 'session_expired', message: opts.sessionEnded });
      if (found instanceof CodedReply) return reply.code(found.code).send(found.body);
      player = found;
    }
    const handler = opts.handlers[name] as (input: {
      body: unknown;
      player: Player | undefined;
      request: FastifyRequest;
    }) => Promise<unknown>;
    const answer = await handler({ body: parsed.data, player, request });
    if (answer instanceof CodedReply) return reply.code(answer.code).send(answer.body);
    const status = (answer as { status?: unknown }).status;
    return reply.code(typeof status === 'string' ? (action.answers[status] ?? 200) : 200).send(answer);
  });
}
