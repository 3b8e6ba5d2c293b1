import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, STATUS } from '../../shared/messages.ts';
import { isDatabaseUnavailable, unavailableReason } from '../db/database-unavailable.ts';
import { ApiError, errors } from './errors.ts';

/** Fastify's own refusals of a request, as clear 4xx replies. */
const FRAMEWORK_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errors.tooLarge(),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errors.unsupportedMediaType('send the body as application/json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: errors.invalid('empty JSON body'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errors.invalid('bad content length'),
};

/** A thrown error as the refusal it stands for, or undefined for a real fault. */
export function toApiError(error: FastifyError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return known;
  // Malformed JSON, prototype poisoning and other parser refusals carry a 4xx statusCode.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, STATUS.invalid, MSG.invalidInput, 'malformed request'); // the parser's own 4xx code
  }
  return undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError) {
      if (apiError.httpStatus >= 500) request.log.error({ err: error }, apiError.message);
      return reply.code(apiError.httpStatus).send(apiError.toReply());
    }
    if (isDatabaseUnavailable(error)) {
      // Short: a failover answers hundreds of requests this way, and the stack says nothing new.
      request.log.warn({ reason: unavailableReason(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({
        status: STATUS.unavailable,
        msg: MSG.failure,
        message: 'the database is unavailable for a moment; repeat the request',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: STATUS.error, msg: MSG.failure, message: 'internal error', requestId: request.id });
  });
}
