/**
 * What a payment provider adapter offers the cashier. The built-in sandbox implements it for real;
 * a third-party provider plugs in the same way, and the ledger never knows which one paid.
 */
export interface PaymentProvider {
  readonly code: string;
  /** True for providers that move no real money (the sandbox): see test-payments.ts. */
  readonly testOnly: boolean;
  /** The hosted page where the member pays a deposit session. */
  depositLauncherUrl(sessionId: string): string;
  /** The hosted page where the member sets up payouts for an option. */
  withdrawalLauncherUrl(memberRef: string, optionId: number): string;
  /** Verifies the signature over the raw body and parses the event; throws WebhookRefused otherwise. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /**
   * Asks the provider where a payment stands, for reconciliation (a callback that never came):
   * undefined when the provider does not know the session.
   */
  queryStatus(sessionId: string): Promise<PaymentStatus | undefined>;
}

export interface PaymentStatus {
  status: 'pending' | 'confirmed' | 'declined';
  amount: number;
}

export interface PaymentEvent {
  eventId: string;
  sessionId: string;
  outcome: 'confirmed' | 'declined';
  amount: number;
}

export class WebhookRefused extends Error {}
