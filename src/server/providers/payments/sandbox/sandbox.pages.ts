import { randomUUID } from 'node:crypto';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import { formatNumber } from '../../../../shared/format.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { type PageText, pageText, requestLocale } from '../../../http/page-i18n.ts';
import { memberCards } from '../../../modules/accounts/members.service.ts';
import {
  findPaymentOption,
  findPaymentSession,
  sessionAllowsTestPayments,
  verifyMemberRef,
} from '../../../modules/cashier/payments/payments.service.ts';
import { depositDetails } from './deposit-details.ts';
import { depositPage } from './deposit-page.ts';
import { hostedPage, SANDBOX_CSS } from './hosted-page.ts';
import { SIGNATURE_HEADER } from './signature.ts';

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * The sandbox provider's side: hosted pages where the member confirms or declines, and the signed
 * webhook it then sends to our /payments/sandbox/webhook over HTTP, as an outside provider would.
 * The pages speak the member's language (the site's `payment` namespace).
 */
export async function sandboxPages(app: FastifyInstance, deps: { db: Db; config: Config }): Promise<void> {
  async function deliver(body: string): Promise<boolean> {
    try {
      const res = await fetch(`${deps.config.publicUrl}/payments/sandbox/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: hmacSign(deps.config.sandboxPspSecret, body),
        },
        body,
      });
      return res.ok;
    } catch {
      return false;
    }
  }

  /** Like a real provider: deliver now, and retry a failed delivery a few times. */
  async function notify(event: object): Promise<boolean> {
    const body = JSON.stringify(event);
    if (await deliver(body)) return true;
    let attempt = 0;
    const retry = () => {
      const delay = RETRY_DELAYS_MS[attempt++];
      if (delay === undefined) return app.log.error({ event }, 'sandbox webhook undeliverable');
      setTimeout(async () => {
        if (!(await deliver(body))) retry();
      }, delay).unref();
    };
    retry();
    return false;
  }

  await app.register(async (scope) => {
    // The hosted forms post no fields; accept their form encoding without reading it.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    scope.get('/pay/sandbox/sandbox.css', async (_req, reply) =>
      reply.type('text/css').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
    );

    scope.get<{ Params: { id: string } }>('/pay/sandbox/deposit/:id', async (request, reply) => {
      const text = pageText(requestLocale(request), 'payment');
      const session = await findPaymentSession(deps.db, request.params.id);
      reply.type('text/html');
      if (!session) return reply.code(404).send(notFoundPage(text, 'linkInvalid'));
      if (session.status !== 'pending') return reply.send(resultPage(text, session.status === 'confirmed'));
      const details = await depositDetails(deps.db, session.cashRequestId);
      return reply.send(
        depositPage(text, {
          session,
          details,
          currency: deps.config.currency,
          production: deps.config.production,
        }),
      );
    });

    scope.post<{ Params: { id: string; outcome: string } }>(
      '/pay/sandbox/deposit/:id/:outcome',
      async (request, reply) => {
        const text = pageText(requestLocale(request), 'payment');
        const { outcome } = request.params;
        const session = await findPaymentSession(deps.db, request.params.id);
        reply.type('text/html');
        if (!session || (outcome !== 'confirm' && outcome !== 'decline')) {
          return reply.code(404).send(notFoundPage(text, 'linkInvalid'));
        }
        if (session.status !== 'pending') return reply.send(resultPage(text, session.status === 'confirmed'));
        const confirmed = outcome === 'confirm';
        if (confirmed && !(await sessionAllowsTestPayments(deps.db, deps.config, session.id))) {
          return reply.code(403).send(testPaymentsOffPage(text));
        }
        const delivered = await notify({
          eventId: randomUUID(),
          sessionId: session.id,
          outcome: confirmed ? 'confirmed' : 'declined',
          amount: session.amount,
        });
        return reply.send(resultPage(text, confirmed, delivered));
      },
    );

    scope.get<{ Params: { optionId: string }; Querystring: { member?: string } }>(
      '/pay/sandbox/payout/:optionId',
      async (request, reply) => {
        const text = pageText(requestLocale(request), 'payment');
        const { t } = text;
        const money = (n: number) => escapeHtml(formatNumber(n, text.locale));
        reply.type('text/html');
        const memberId = verifyMemberRef(deps.config.sandboxPspSecret, request.query.member ?? '');
        const option = await findPaymentOption(deps.db, Number(request.params.optionId) || 0);
        if (!memberId || !option || option.direction !== 'withdraw') {
          return reply.code(404).send(notFoundPage(text, 'payoutExpired'));
        }
        const member = (await memberCards(deps.db, [memberId])).get(memberId);
        if (!member) return reply.code(404).send(notFoundPage(text, 'payoutExpired'));
        return reply.send(
          hostedPage(
            text,
            t('payoutsTitle'),
            `<h1 translate="no">${escapeHtml(option.name)}</h1>
<p class="muted">${escapeHtml(t('payoutTo'))}</p>
<dl><dt>${escapeHtml(t('bank'))}</dt><dd translate="no">${escapeHtml(member.bankName)}</dd>
<dt>${escapeHtml(t('holder'))}</dt><dd translate="no">${escapeHtml(member.bankOwner)}</dd>
<dt>${escapeHtml(t('account'))}</dt><dd>•••• ${escapeHtml(member.bankNumber.replace(/\D/g, '').slice(-4))}</dd>
<dt>${escapeHtml(t('limits'))}</dt><dd>${money(option.minAmount)} – ${money(option.maxAmount)}</dd></dl>
<p class="muted">${escapeHtml(t('payoutChange'))}</p>`,
          ),
        );
      },
    );
  });
}

function notFoundPage(text: PageText<'payment'>, key: 'linkInvalid' | 'payoutExpired'): string {
  return hostedPage(text, text.t('notFoundTitle'), `<h1>${escapeHtml(text.t(key))}</h1>`);
}

function resultPage(text: PageText<'payment'>, confirmed: boolean, delivered = true): string {
  const { t } = text;
  const note = delivered ? '' : `<p class="muted">${escapeHtml(t('notifiedLater'))}</p>`;
  return hostedPage(
    text,
    confirmed ? t('paidTitle') : t('declinedTitle'),
    confirmed
      ? `<p class="result ok"><strong>${escapeHtml(t('paid'))}</strong> ${escapeHtml(t('paidNext'))}</p>${note}`
      : `<p class="result no"><strong>${escapeHtml(t('declined'))}</strong> ${escapeHtml(t('declinedNext'))}</p>${note}`,
  );
}

/** A production site with test payments off: the sandbox says plainly that it takes nothing. */
function testPaymentsOffPage(text: PageText<'payment'>): string {
  return hostedPage(
    text,
    text.t('offTitle'),
    `<h1>${escapeHtml(text.t('offHeading'))}</h1><p>${escapeHtml(text.t('offText'))}</p>`,
  );
}
