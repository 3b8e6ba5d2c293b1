import type { ChargebackMember } from './chargeback-load.ts';
import { deliverUntilAnswered, paymentEvent } from './payment-provider.ts';

/** What the provider's repeated callbacks were answered: each must move nothing. */
export const retryTally = { sent: 0, moved: 0, other: [] as string[] };

/**
 * After a crash a provider delivers again what it is not sure arrived: every chargeback acknowledged so
 * far, again with its own event id (answered 'duplicate'); every other one also as a fresh notice (a
 * provider that sends a chargeback twice: 'already-final'); and the deposit's confirmation again
 * ('duplicate'). A 'reversed' or 'credited' would be money moved twice.
 */
export async function provideRetries(url: () => string, members: ChargebackMember[]): Promise<void> {
  const chargedBack = members.flatMap((m) => m.deposits.filter((d) => d.chargeback));
  // Eight at a time, as a provider's retry queue drains: not a flood beside the load.
  let next = 0;
  const resend = async (deposit: (typeof chargedBack)[number], i: number) => {
      const { event } = deposit.chargeback!;
      // A fresh notice answers 'already-final', or 'duplicate' when its own first delivery went through
      // and the answer was lost in a crash.
      const events = [
        { event, expect: ['duplicate'] },
        { event: deposit.confirmed, expect: ['duplicate'] },
        ...(i % 2 === 0
          ? [
              {
                event: paymentEvent(deposit.sessionId, 'declined', deposit.amount),
                expect: ['already-final', 'duplicate'],
              },
            ]
          : []),
      ];
      for (const { event: e, expect } of events) {
        const outcome = await deliverUntilAnswered(url, e);
        retryTally.sent += 1;
        if (outcome === 'reversed' || outcome === 'credited') retryTally.moved += 1;
        else if (!expect.includes(outcome)) retryTally.other.push(`${e.outcome} ${deposit.requestId}: ${outcome}`);
      }
  };
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < chargedBack.length) {
        const i = next++;
        await resend(chargedBack[i]!, i);
      }
    }),
  );
}

export function resetRetryTally() {
  Object.assign(retryTally, { sent: 0, moved: 0, other: [] });
}
