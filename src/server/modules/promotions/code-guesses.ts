import { MSG } from '../../../shared/messages.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { type AttemptLimits, releaseAttempt, reserveAttempt } from '../accounts/attempt-limits.ts';

/**
 * Runs a claim by code as one guess of the member and of their address, counted before the code is
 * looked up (concurrent guesses cannot all slip past): over the limit, 429 whatever the code. A code
 * that exists is not a guess and gives its point back, whatever the claim answers (claimed, already
 * had, not for this member); only an unknown code (msg3609) stays counted.
 */
export async function asCodeGuess<T>(
  limits: AttemptLimits,
  who: { memberId: number; ip: string },
  claim: () => Promise<T>,
): Promise<T> {
  const member: [typeof limits.promoCodeMember, string] = [limits.promoCodeMember, String(who.memberId)];
  const address: [typeof limits.promoCodeAddress, string] = [limits.promoCodeAddress, who.ip];
  const reservation = await reserveAttempt(member, address);
  if (!reservation.ok) {
    throw errors.limited('too many unknown promotion codes; try again later', MSG.resetLimited, {
      retryAfter: reservation.retryAfter,
    });
  }
  const giveBack = async () => {
    await releaseAttempt({ giveBack: member });
    await releaseAttempt({ giveBack: address });
  };
  try {
    const claimed = await claim();
    await giveBack();
    return claimed;
  } catch (error) {
    if (!(error instanceof ApiError && error.msg === MSG.promoCodeUnknown)) await giveBack();
    throw error;
  }
}
