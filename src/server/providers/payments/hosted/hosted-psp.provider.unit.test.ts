import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookRefused } from '../../../modules/cashier/payments/provider.ts';
import { hostedPspProvider, PSP_SIGNATURE_HEADER } from './hosted-psp.provider.ts';

const SECRET = 'psp-secret';
const sig = (data: string) => createHmac('sha256', SECRET).update(data).digest('hex');

function provider(answer?: { status: number; body: string; signature?: string }) {
  const asked: string[] = [];
  const fakeFetch = (async (url: string) => {
    asked.push(String(url));
    const body = answer?.body ?? '';
    return new Response(body, {
      status: answer?.status ?? 404,
      headers: { [PSP_SIGNATURE_HEADER]: answer?.signature ?? sig(body) },
    });
  }) as unknown as typeof fetch;
  return {
    asked,
    psp: hostedPspProvider({
      code: 'acme',
      baseUrl: 'https://psp.example/',
      merchantId: 'm1',
      secret: SECRET,
      fetch: fakeFetch,
    }),
  };
}

describe('hosted PSP adapter', () => {
  it('sends the member to a signed hosted page', () => {
    const url = new URL(provider().psp.depositLauncherUrl('sess-1'));
    expect(url.origin + url.pathname).toBe('https://psp.example/checkout');
    const signature = url.searchParams.get('signature');
    url.searchParams.delete('signature');
    expect(signature).toBe(sig(`/checkout?${url.searchParams.toString()}`));
  });

  it('takes a signed callback and refuses an unsigned or altered one', () => {
    const { psp } = provider();
    const body = JSON.stringify({ eventId: 'e1', reference: 'sess-1', status: 'succeeded', amount: 5000 });
    expect(psp.parseWebhook(Buffer.from(body), { [PSP_SIGNATURE_HEADER]: sig(body) })).toEqual({
      eventId: 'e1',
      sessionId: 'sess-1',
      outcome: 'confirmed',
      amount: 5000,
    });
    expect(() => psp.parseWebhook(Buffer.from(body), {})).toThrow(WebhookRefused);
    const altered = body.replace('5000', '9000');
    expect(() => psp.parseWebhook(Buffer.from(altered), { [PSP_SIGNATURE_HEADER]: sig(body) })).toThrow(
      WebhookRefused,
    );
  });

  it('queries a payment status for reconciliation and checks the answer is signed', async () => {
    const body = JSON.stringify({ reference: 'sess-1', status: 'succeeded', amount: 5000 });
    const ok = provider({ status: 200, body });
    expect(await ok.psp.queryStatus('sess-1')).toEqual({ status: 'confirmed', amount: 5000 });
    expect(ok.asked).toEqual(['https://psp.example/v1/payments/sess-1']);
    expect(await provider().psp.queryStatus('nope')).toBeUndefined();
    await expect(
      provider({ status: 200, body, signature: sig('other') }).psp.queryStatus('sess-1'),
    ).rejects.toThrow('bad signature');
  });
});
