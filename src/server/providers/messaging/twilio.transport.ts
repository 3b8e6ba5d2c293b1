import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { MessageTransport } from '../../modules/outbox/provider.ts';
import { PermanentFailure } from '../../modules/outbox/provider.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number in E.164 (+1...), an alphanumeric sender id, or a Messaging Service (MG...). */
  from: string;
  /** https://api.twilio.com, or a regional edge or a test double's address. */
  apiUrl: string;
  /** Members type local numbers ("081 234 5678"): they are read as numbers of this country. */
  defaultCountry: CountryCode;
}

const TIMEOUT_MS = 10_000;

/** The member's phone as E.164 (+66812345678), or undefined when it is not a valid number. */
export function toE164(phone: string, country: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
 * Basic auth). Twilio's API does not dedupe, so the outbox's lease and its sent mark are what keep a
 * code from going twice; only a crash between Twilio's acceptance and that mark can repeat one.
 * A number that is not one, or Twilio's own 4xx refusal (an unreachable or blocked number), is
 * permanent; a 429, a 5xx, refused credentials (fixed by the operator) or no answer is retried.
 */
export function twilioSmsTransport(options: TwilioOptions): MessageTransport {
  const url = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';
  return {
    code: 'twilio',
    channel: 'sms',
    async send(message) {
      const to = toE164(message.recipient, options.defaultCountry);
      if (!to) throw new PermanentFailure(`not a phone number of ${options.defaultCountry} or in +E.164`);
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, [sender]: options.from, Body: message.body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as {
        sid?: string;
        code?: number;
        message?: string;
      };
      if (response.ok) return { providerRef: reply.sid };
      const why = `twilio ${response.status}${reply.code ? ` ${reply.code}` : ''}: ${reply.message ?? response.statusText}`;
      const retryable =
        response.status === 429 || response.status >= 500 || [401, 403].includes(response.status);
      if (retryable) throw new Error(why);
      throw new PermanentFailure(why);
    },
  };
}
