/** The decider of a request the member cancelled themselves. */
export const BY_MEMBER = 'member:self';
/** The decider of a card or coin deposit whose payment session expired unpaid. */
export const BY_EXPIRY = 'system:expiry';
/** Cancellations a payment that arrives late may still turn into a credit (never an operator's refusal). */
export const REOPENABLE_BY = [BY_MEMBER, BY_EXPIRY];
