import { describe, expect, it } from 'vitest';
import { eventOfMessage, isAlive } from './amqp-consumer.ts';
import * as uof from './uof-build.ts';

/** The consumer keeps each event's messages in one lane, and a producer's own messages apart. */
describe('the consumer’s lanes', () => {
  const h = { product: 1, eventId: 'sr:match:42', timestamp: 1 };
  it('reads the event a message is about', () => {
    const buf = (xml: string) => Buffer.from(xml);
    expect(eventOfMessage(buf(uof.oddsChange(h, {})))).toBe('sr:match:42');
    expect(eventOfMessage(buf(uof.betStop(h)))).toBe('sr:match:42');
    expect(eventOfMessage(buf(uof.fixtureChange(h)))).toBe('sr:match:42');
  });
  it('answers no event for a producer’s alive and snapshot_complete, and for malformed bytes', () => {
    expect(eventOfMessage(Buffer.from(uof.alive(1, 5)))).toBeUndefined();
    expect(eventOfMessage(Buffer.from(uof.snapshotComplete(1, 5, 7)))).toBeUndefined();
    expect(eventOfMessage(Buffer.from('<odds_change product="1" timestamp="1"><odds>'))).toBeUndefined();
  });
  it('tells an alive (read from its own queue) from every other message', () => {
    expect(isAlive(Buffer.from(uof.alive(1, 5)))).toBe(true);
    expect(isAlive(Buffer.from(`\n ${uof.alive(3, 5).replace(/^<\?xml[^>]*>/, '')}`))).toBe(true);
    expect(isAlive(Buffer.from(uof.snapshotComplete(1, 5, 7)))).toBe(false);
    expect(isAlive(Buffer.from(uof.oddsChange(h, {})))).toBe(false);
    expect(isAlive(Buffer.from('<alive_and_well/>'))).toBe(false);
  });
});
