import type { MessageChannel } from './outbox.schema.ts';

export type { MessageChannel };

/** One message as the worker hands it to a transport. */
export interface OutgoingMessage {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /**
   * The same for every attempt at this message (`outbox-<id>`): SMTP sends it as the Message-ID, an SMS
   * provider as its idempotency key, so a receiver that dedupes by it sees a retried message once.
   */
  idempotencyKey: string;
}

/**
 * A way out for one channel: SMTP for e-mail (providers/messaging/smtp.transport.ts), an SMS provider
 * for SMS (the sandbox, providers/messaging/sandbox.transport.ts, or a real one with the same shape).
 * `send` resolves once the provider has accepted the message; it throws to be retried later, or
 * throws PermanentFailure when retrying cannot help (an address the provider refuses).
 */
export interface MessageTransport {
  readonly code: string;
  readonly channel: MessageChannel;
  send(message: OutgoingMessage): Promise<{ providerRef?: string }>;
}

export class PermanentFailure extends Error {}
