import type { ChannelModel } from 'amqplib';

/**
 * A stand-in for amqplib's connection (no RabbitMQ), for the consumer's tests of what a broker does to
 * it: each connect is a connection whose channels hand the test the consumer's callbacks, so the test
 * plays the broker (deliveries, a redelivery, a dropped connection). Given to the consumer as its
 * `connect` option (a module mock would not reach a consumer another test file already imported), with
 * `fakeBroker` read back.
 */
type Deliver = (msg: unknown) => void;

export class FakeChannel {
  consumer: Deliver | undefined;
  tag = 0;
  async prefetch() {}
  async checkExchange() {}
  async assertQueue() {
    return { queue: `q${Math.random()}` };
  }
  async bindQueue() {}
  async consume(_q: string, cb: Deliver) {
    this.consumer = cb;
  }
  ack() {}
  nack() {}
  async close() {}
  deliver(xml: string, routingKey: string) {
    this.tag += 1;
    this.consumer?.({
      content: Buffer.from(xml),
      fields: { routingKey, deliveryTag: this.tag, redelivered: false },
      properties: {},
    });
  }
}

export class FakeConnection {
  channels: FakeChannel[] = [];
  handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  on(name: string, fn: (...a: unknown[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  emit(name: string, ...a: unknown[]) {
    for (const fn of this.handlers.get(name) ?? []) fn(...a);
  }
  async createChannel() {
    const ch = new FakeChannel();
    this.channels.push(ch);
    return ch;
  }
  async close() {}
}

/** Every connection the consumer opened, in order. */
export const fakeBroker = { connections: [] as FakeConnection[] };

/** The consumer's `connect` option: a new stand-in connection each time. */
export async function fakeConnect(): Promise<ChannelModel> {
  const c = new FakeConnection();
  fakeBroker.connections.push(c);
  return c as unknown as ChannelModel;
}
