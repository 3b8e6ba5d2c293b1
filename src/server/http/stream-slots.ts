import type { FastifyRequest } from 'fastify';

/**
 * How many live streams one member (or operator) may hold open on one process: one for each tab of
 * the site and each sports window, with room to spare.
 */
export const STREAMS_PER_MEMBER = 20;
/**
 * How many streams without a session (the jackpot, the wins ticker, sports prices) one address may
 * hold open on one process, all three together: a page holds two or three, and a household or an
 * office behind one address many pages.
 */
export const STREAMS_PER_ADDRESS = 100;

/**
 * The open streams of this process by who holds them (`member:<id>`, `address:<ip>` …). Each stream
 * costs a socket and a place in its feed, and each change a member's streams are told of costs a
 * read per stream: without a cap one token or one address could open thousands.
 */
export class StreamSlots {
  private readonly held = new Map<string, number>();

  /** Streams open on this process, all holders together. */
  get size(): number {
    let n = 0;
    for (const count of this.held.values()) n += count;
    return n;
  }

  heldBy(holder: string): number {
    return this.held.get(holder) ?? 0;
  }

  /** A slot for `holder` when it holds fewer than `limit`; the function that gives it back (once). */
  take(holder: string, limit: number): (() => void) | undefined {
    const count = this.heldBy(holder);
    if (count >= limit) return undefined;
    this.held.set(holder, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = this.heldBy(holder) - 1;
      if (left > 0) this.held.set(holder, left);
      else this.held.delete(holder);
    };
  }
}

/** A stream without a session counts against the address it comes from. */
export const guestHolder = (request: FastifyRequest) => ({
  holder: `address:${request.ip}`,
  limit: STREAMS_PER_ADDRESS,
});
