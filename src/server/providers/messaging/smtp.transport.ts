import { createTransport } from 'nodemailer';
import type { MessageTransport } from '../../modules/outbox/provider.ts';
import { PermanentFailure } from '../../modules/outbox/provider.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://...:465 (nodemailer's connection URL). */
  url: string;
  /** The From header: `Name <address>`. */
  from: string;
}

/** The domain part of the From address, for Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

/**
 * E-mail over SMTP with nodemailer. Every attempt at one outbox message carries the same Message-ID,
 * so a retry after an unacknowledged send is recognisably the same e-mail. A 5xx answer (address or
 * content refused) is permanent; anything else (4xx, a dropped connection) is retried by the outbox.
 */
export function smtpTransport(options: SmtpOptions): MessageTransport & { close(): void } {
  const mailer = createTransport(options.url);
  const domain = domainOf(options.from);
  return {
    code: 'smtp',
    channel: 'email',
    async send(message) {
      try {
        const info = await mailer.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          messageId: `<${message.idempotencyKey}@${domain}>`,
        });
        return { providerRef: info.messageId };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new PermanentFailure((error as Error).message);
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
