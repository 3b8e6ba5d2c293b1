import type { FastifyInstance } from 'fastify';
import { hmacSignatureValid } from '../../../http/hmac-signature.ts';
import type { UofFeed } from './uof-feed.ts';
import { MAX_MESSAGE_BYTES } from './uof-xml.ts';

/** The header carrying HMAC-SHA256 (hex) of the message's bytes with SPORTS_FEED_SECRET. */
export const FEED_SIGNATURE_HEADER = 'x-feed-signature';

/** A refusal as every route words one: a status word, the generic failure's key, and why in English. */
const refused = (status: string, message: string) => ({ status, msg: 'msg2012', message });

/** The feed this process runs (the demo's or the broker's), once main.ts has started it. */
export interface FeedSlot {
  current: UofFeed | undefined;
}

/**
 * `POST /sports/feed/replay`: one recorded UOF message into the feed this server runs, through the
 * same adapter as the broker's (`npm run sports:replay`). Signed with SPORTS_FEED_SECRET; without
 * that setting the route refuses everything.
 */
export async function uofReplayRoutes(
  app: FastifyInstance,
  deps: { secret: string | undefined; slot: FeedSlot },
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/sports/feed/replay', { bodyLimit: MAX_MESSAGE_BYTES }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!deps.secret)
        return reply.code(403).send(refused('forbidden', 'replay is off: set SPORTS_FEED_SECRET'));
      if (!hmacSignatureValid(deps.secret, body, request.headers[FEED_SIGNATURE_HEADER]))
        return reply.code(401).send(refused('unauthorized', `a bad or missing ${FEED_SIGNATURE_HEADER}`));
      if (!body.trim()) return reply.code(400).send(refused('invalid', 'an XML message is required'));
      const feed = deps.slot.current;
      if (!feed) return reply.code(409).send(refused('unavailable', 'no feed is running in this server'));
      try {
        const receipt = await feed.receive(body);
        return { status: 'success', ...receipt };
      } catch (error) {
        request.log.warn({ err: error }, 'replayed message could not be handled');
        return reply
          .code(409)
          .send(refused('busy', 'the book could not take the message now: send it again'));
      }
    });
  });
}
