import { describe, expect, it } from 'vitest';
import { Acks } from './amqp-acks.ts';

/** The lanes finish out of order: an ack waits for every delivery before it, then one covers the run. */
describe('the consumer’s acks in runs', () => {
  const setup = () => {
    const sent: [number, boolean | undefined][] = [];
    const acks = new Acks<number>({ ack: (msg, allUpTo) => void sent.push([msg, allUpTo]) });
    for (const tag of [1, 2, 3, 4, 5]) acks.delivered(tag);
    return { sent, acks };
  };

  it('acks nothing while an earlier delivery is open, then the whole run in one frame', () => {
    const { sent, acks } = setup();
    acks.done(3);
    acks.done(2);
    expect(sent).toEqual([]);
    acks.done(1);
    expect(sent).toEqual([[3, true]]);
    acks.done(5);
    expect(sent).toEqual([[3, true]]);
    acks.done(4);
    expect(sent).toEqual([
      [3, true],
      [5, true],
    ]);
  });

  it('acks alone what is done beyond maxWaiting behind an open delivery (the broker window never fills)', () => {
    const sent: [number, boolean | undefined][] = [];
    const acks = new Acks<number>({ ack: (msg, allUpTo) => void sent.push([msg, allUpTo]) }, 2);
    for (const tag of [1, 2, 3, 4, 5]) acks.delivered(tag);
    acks.done(2);
    acks.done(3);
    expect(sent).toEqual([]);
    acks.done(4); // a third waiting behind 1: alone
    expect(sent).toEqual([[4, undefined]]);
    acks.done(1);
    expect(sent).toEqual([
      [4, undefined],
      [3, true],
    ]);
    acks.done(5);
    expect(sent.at(-1)).toEqual([5, true]);
  });

  it('never lets a multiple ack cover a delivery settled on its own, nor end on one', () => {
    const { sent, acks } = setup();
    acks.done(1);
    acks.settled(2); // nacked: the run after it still acks, covering only what is outstanding
    acks.settled(3);
    expect(sent).toEqual([[1, true]]);
    acks.done(4);
    expect(sent).toEqual([
      [1, true],
      [4, true],
    ]);
  });
});
