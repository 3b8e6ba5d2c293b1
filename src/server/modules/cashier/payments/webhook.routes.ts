import type { FastifyInstance } from 'fastify';
import { MSG, STATUS } from '../../../../shared/messages.ts';
import type { Db } from '../../../db/client.ts';
import { ApiError, errors } from '../../../http/errors.ts';
import { applyPaymentEvent } from './payments.service.ts';
import { type PaymentProvider, WebhookRefused } from './provider.ts';
import { type PaymentMode, sessionAllowsTestPayments } from './test-payments.ts';

/**
 * POST /payments/<provider>/webhook: the provider's signed notice of a payment. The signature is
 * checked over the raw bytes, so this scope reads JSON bodies as buffers.
 */
export async function paymentWebhooks(
  app: FastifyInstance,
  deps: { db: Db; providers: ReadonlyMap<string, PaymentProvider>; mode?: PaymentMode },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, body);
    });
    scope.post<{ Params: { provider: string } }>('/payments/:provider/webhook', async (request) => {
      const provider = deps.providers.get(request.params.provider);
      if (!provider) throw errors.notInList('unknown payment provider', MSG.notFound);
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
        throw errors.badSignature(`webhook refused: ${error.message}`);
      }
      // A test provider's event credits nothing on a production site without test payments.
      if (
        provider.testOnly &&
        !(await sessionAllowsTestPayments(deps.db, deps.mode ?? { production: false }, event.sessionId))
      ) {
        request.log.warn({ provider: provider.code, event }, 'test payment refused: test payments are off');
        throw new ApiError(
          403,
          STATUS.forbidden,
          MSG.paymentsUnavailable,
          'test payments are switched off on this site',
        );
      }
      const outcome = await applyPaymentEvent(deps.db, provider.code, event);
      if (
        outcome === 'amount-mismatch' ||
        outcome === 'contradicts-final' ||
        outcome === 'unknown-session' ||
        outcome === 'request-not-pending'
      ) {
        request.log.warn({ provider: provider.code, event, outcome }, 'payment event needs reconciliation');
      }
      // A chargeback took a credit back (and maybe left a debt): the operators' logs say so.
      if (outcome === 'reversed') {
        request.log.warn({ provider: provider.code, event }, 'payment reversed: the deposit was taken back');
      }
      return { status: 'success', outcome };
    });
  });
}
