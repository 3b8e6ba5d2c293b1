import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, STATUS } from '../../shared/messages.ts';
import { ApiError, errors } from './errors.ts';
import { setCorsHeaders } from './public-api/public-cors.ts';

/** Fastify's refusals of a path before any route is found, as the clear 4xx every other refusal is. */
const UNROUTABLE: Record<string, ApiError> = {
  FST_ERR_BAD_URL: errors.invalid('the path is not valid URL encoding'),
  FST_ERR_MAX_PARAM_LENGTH: new ApiError(
    414,
    STATUS.invalid,
    MSG.invalidInput,
    'a part of the path is longer than 100 characters',
  ),
};

/**
 * Fastify's `frameworkErrors`: without it a path such as `/public/%E0/x` or `/api/routes/<150
 * letters>` got Fastify's own `{error, code, statusCode}`, with no `status` or `msg` for the page to
 * read, and on /public/ neither the `{data}` envelope nor the CORS header, so an older front end saw a
 * network failure instead of a refusal.
 */
export async function answerUnroutable(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const refusal = error.code ? UNROUTABLE[error.code] : undefined;
  if (!refusal) {
    request.log.error({ err: error }, 'unroutable request');
    reply.code(500).send({ status: STATUS.error, msg: MSG.failure, message: 'internal error' });
    return;
  }
  reply.code(refusal.httpStatus).header('cache-control', 'no-store');
  if (!request.url.startsWith('/public/')) {
    reply.send(refusal.toReply());
    return;
  }
  const site = await request.server.sites.resolve(request.hostname).catch(() => undefined);
  if (site) setCorsHeaders(request, reply, site);
  reply.send({ data: refusal.toReply() });
}
