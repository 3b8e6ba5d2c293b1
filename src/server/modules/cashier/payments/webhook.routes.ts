import type { FastifyInstance } from 'fastify';
import { MSG, STATUS } from '../../../../shared/messages.ts';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../http/api-error.ts';
import { applyPaymentEvent } from './payments.service.ts';
import { type PaymentProvider, WebhookRefused } from './provider.ts';

/**
 * POST /payments/<provider>/webhook: the provider's signed notice of a payment. The signature is
 * checked over the raw bytes, so this scope reads JSON bodies as buffers.
 */
export async function paymentWebhooks(
  app: FastifyInstance,
  deps: { db: Db; providers: ReadonlyMap<string, PaymentProvider> },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, body);
    });
    scope.post<{ Params: { provider: string } }>('/payments/:provider/webhook', async (request) => {
      const provider = deps.providers.get(request.params.provider);
      if (!provider) throw new ApiError(404, STATUS.notFound, MSG.notFound, 'unknown payment provider');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: ReturnType<PaymentProvider['parseWebhook']>;
      try {
        event = provider.parseWebhook(raw, request.headers);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        request.log.warn(
          { provider: provider.code, ip: request.ip, reason: error.message },
          'payment webhook refused',
        );
        throw new ApiError(401, STATUS.forbidden, MSG.forbidden, `webhook refused: ${error.message}`);
      }
      const outcome = await applyPaymentEvent(deps.db, provider.code, event);
      if (
        outcome === 'amount-mismatch' ||
        outcome === 'unknown-session' ||
        outcome === 'request-not-pending'
      ) {
        request.log.warn({ provider: provider.code, event, outcome }, 'payment event needs reconciliation');
      }
      return { status: 'success', outcome };
    });
  });
}
