import { addressKey } from './address-key.ts';

/** Who a stream counts against, and how many that holder may have open on this process. */
export interface StreamHolder {
  holder: string;
  limit: number;
}

/**
 * How many live streams one holder may keep open on one process (config LIVE_STREAMS_PER_MEMBER,
 * LIVE_STREAMS_PER_ADDRESS): a member (or an operator) one for each tab of the site and each sports
 * window, with room to spare; an address the streams without a session (the jackpot, the wins
 * ticker, sports prices, all together), for the several pages of a household or an office behind it.
 */
export interface StreamLimits {
  perMember: number;
  perAddress: number;
}

/**
 * The open streams of this process by who holds them (`member:<id>`, `address:<ip>` …). Each stream
 * costs a socket and a place in its feed, and each change a member's streams are told of costs a
 * read per stream: without a cap one token or one address could open thousands.
 */
export class StreamSlots {
  private readonly held = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  member(memberId: number): StreamHolder {
    return { holder: `member:${memberId}`, limit: this.limits.perMember };
  }

  operator(operatorId: number): StreamHolder {
    return { holder: `operator:${operatorId}`, limit: this.limits.perMember };
  }

  /**
   * A stream without a session counts against the client its address stands for (an IPv6 address by
   * its /64, as every per-address limit counts it): else one /64 opened a hundred per address it took.
   */
  address(ip: string): StreamHolder {
    return { holder: `address:${addressKey(ip)}`, limit: this.limits.perAddress };
  }

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
  take({ holder, limit }: StreamHolder): (() => void) | undefined {
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
