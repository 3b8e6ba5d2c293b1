import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../../config.ts';
import type { Db } from '../../../../db/client.ts';
import { hmacSign } from '../../../../http/hmac-signature.ts';
import { members } from '../../../accounts/accounts.schema.ts';
import { paymentOptions } from '../../cashier.schema.ts';
import { verifyMemberRef } from '../member-ref.ts';
import { findPaymentSession } from '../payments.service.ts';
import { sessionAllowsTestPayments } from '../test-payments.ts';
import { escapeHtml, hostedPage, SANDBOX_CSS } from './hosted-page.ts';
import { SIGNATURE_HEADER } from './signature.ts';

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const amountText = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * The sandbox provider's side: hosted pages where the member confirms or declines, and the signed
 * webhook it then sends to our /payments/sandbox/webhook over HTTP, as an outside provider would.
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
      const session = await findPaymentSession(deps.db, request.params.id);
      reply.type('text/html');
      if (!session)
        return reply.code(404).send(hostedPage('Not found', '<h1>This payment link is not valid.</h1>'));
      if (session.status !== 'pending') return reply.send(resultPage(session.status === 'confirmed'));
      const action = `/pay/sandbox/deposit/${encodeURIComponent(session.id)}`;
      return reply.send(
        hostedPage(
          'Deposit',
          `<h1>Deposit</h1>
<div class="amount">${escapeHtml(amountText(session.amount))}</div>
<p class="test-banner">TEST PAYMENT: no real money moves${deps.config.production ? ' (test payments are switched on for this site)' : ''}</p>
<dl><dt>Reference</dt><dd>${escapeHtml(session.id.slice(0, 10))}</dd><dt>Method</dt><dd>Sandbox card</dd></dl>
<div class="actions">
<form method="post" action="${action}/decline"><button class="decline" type="submit">Decline</button></form>
<form method="post" action="${action}/confirm"><button class="pay" type="submit">Pay now</button></form>
</div>`,
        ),
      );
    });

    scope.post<{ Params: { id: string; outcome: string } }>(
      '/pay/sandbox/deposit/:id/:outcome',
      async (request, reply) => {
        const { outcome } = request.params;
        const session = await findPaymentSession(deps.db, request.params.id);
        reply.type('text/html');
        if (!session || (outcome !== 'confirm' && outcome !== 'decline')) {
          return reply.code(404).send(hostedPage('Not found', '<h1>This payment link is not valid.</h1>'));
        }
        if (session.status !== 'pending') return reply.send(resultPage(session.status === 'confirmed'));
        const confirmed = outcome === 'confirm';
        if (confirmed && !(await sessionAllowsTestPayments(deps.db, deps.config, session.id))) {
          return reply.code(403).send(testPaymentsOffPage());
        }
        const delivered = await notify({
          eventId: randomUUID(),
          sessionId: session.id,
          outcome: confirmed ? 'confirmed' : 'declined',
          amount: session.amount,
        });
        return reply.send(resultPage(confirmed, delivered));
      },
    );

    scope.get<{ Params: { optionId: string }; Querystring: { member?: string } }>(
      '/pay/sandbox/payout/:optionId',
      async (request, reply) => {
        reply.type('text/html');
        const memberId = verifyMemberRef(deps.config.sandboxPspSecret, request.query.member ?? '');
        const [option] = await deps.db
          .select()
          .from(paymentOptions)
          .where(eq(paymentOptions.id, Number(request.params.optionId) || 0));
        if (!memberId || !option || option.direction !== 'withdraw') {
          return reply.code(404).send(hostedPage('Not found', '<h1>This payout link has expired.</h1>'));
        }
        const [member] = await deps.db.select().from(members).where(eq(members.id, memberId));
        if (!member)
          return reply.code(404).send(hostedPage('Not found', '<h1>This payout link has expired.</h1>'));
        return reply.send(
          hostedPage(
            'Payouts',
            `<h1>${escapeHtml(option.name)}</h1>
<p class="muted">Approved withdrawals are paid to this account.</p>
<dl><dt>Bank</dt><dd>${escapeHtml(member.bankName)}</dd>
<dt>Holder</dt><dd>${escapeHtml(member.bankOwner)}</dd>
<dt>Account</dt><dd>•••• ${escapeHtml(member.bankNumber.replace(/\D/g, '').slice(-4))}</dd>
<dt>Limits</dt><dd>${escapeHtml(amountText(option.minAmount))} – ${escapeHtml(amountText(option.maxAmount))}</dd></dl>
<p class="muted">To change the account, contact support from the casino's help centre.</p>`,
          ),
        );
      },
    );
  });
}

function resultPage(confirmed: boolean, delivered = true): string {
  const note = delivered ? '' : '<p class="muted">The casino will be notified shortly.</p>';
  return hostedPage(
    confirmed ? 'Paid' : 'Declined',
    confirmed
      ? `<p class="result ok"><strong>Payment complete.</strong> Your balance updates in a moment; you can close this window.</p>${note}`
      : `<p class="result no"><strong>Payment declined.</strong> No money was taken; you can close this window.</p>${note}`,
  );
}

/** A production site with test payments off: the sandbox says plainly that it takes nothing. */
function testPaymentsOffPage(): string {
  return hostedPage(
    'Not available',
    '<h1>Online payment is not available on this site.</h1><p>This is the test payment provider and test payments are switched off: nothing was charged and nothing was credited.</p>',
  );
}
