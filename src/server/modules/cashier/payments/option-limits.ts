import { MSG } from '../../../../shared/messages.ts';
import { errors } from '../../../http/errors.ts';

/** The amounts a payment option takes, as the member's list shows them. */
export interface OptionLimits {
  name: string;
  minAmount: number;
  maxAmount: number;
}

/** A new deposit or withdrawal through an option must be within the option's minimum and maximum. */
export function assertWithinLimits(option: OptionLimits, amount: number): void {
  if (amount < option.minAmount || amount > option.maxAmount) {
    throw errors.invalid(`${option.name} takes ${option.minAmount}-${option.maxAmount}`, MSG.paymentLimits, {
      minAmount: option.minAmount,
      maxAmount: option.maxAmount,
    });
  }
}
