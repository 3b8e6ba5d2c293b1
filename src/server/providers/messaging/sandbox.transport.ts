import type { MessageChannel, MessageTransport, OutgoingMessage } from '../../modules/outbox/provider.ts';

export interface SandboxMessage {
  channel: MessageChannel;
  to: string;
  subject: string | null;
  body: string;
  key: string;
  at: string;
}

const KEEP = 200;

/**
 * The built-in message provider for sites without a real one (like the sandbox payment provider):
 * it accepts SMS (and, without SMTP, e-mail), keeps the latest in this process's memory, and shows
 * them at GET /sandbox/messages (sandbox.routes.ts) on a server that is not in production. It dedupes
 * by idempotency key, as a real SMS provider's API does: a retried message is accepted, not kept twice.
 */
export function createMessageSandbox() {
  const kept: SandboxMessage[] = [];
  const transport = (channel: MessageChannel): MessageTransport => ({
    code: 'sandbox',
    channel,
    async send(message: OutgoingMessage) {
      if (!kept.some((m) => m.key === message.idempotencyKey)) {
        kept.push({
          channel,
          to: message.recipient,
          subject: message.subject,
          body: message.body,
          key: message.idempotencyKey,
          at: new Date().toISOString(),
        });
        if (kept.length > KEEP) kept.shift();
      }
      return { providerRef: message.idempotencyKey };
    },
  });
  return {
    transport,
    /** The latest messages to `to` (all when absent), newest first. */
    messagesTo: (to?: string) => kept.filter((m) => to === undefined || m.to === to).reverse(),
  };
}

export type MessageSandbox = ReturnType<typeof createMessageSandbox>;
