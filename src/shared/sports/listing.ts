/**
 * How far the listing reaches (`events`' offset): the sports window holds at most this many events and a
 * page more. Here, not in the contract, so the window imports no zod for it.
 */
export const MAX_LISTING = 1000;
