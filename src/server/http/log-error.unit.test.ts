import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers } from './log-error.ts';

/** A driver's error as pg-boss hands it over: a code, and the whole client hanging off it. */
function driverError() {
  const client = {
    connectionParameters: { host: 'db', password: 'secret' },
    queue: Array.from({ length: 200 }, (_, i) => ({ text: `select ${i}` })),
  };
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
    client,
    detail: 'x'.repeat(5_000),
  });
}

describe('the error field of a log line', () => {
  it('keeps the message, the stack and the scalar fields, and leaves out the client', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers } });
    app.log.error({ err: driverError() }, 'job runner error');
    await app.close();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line.err).toMatchObject({
      type: 'Error',
      message: 'terminating connection due to administrator command',
      code: '57P01',
      severity: 'FATAL',
    });
    expect(line.err.stack).toContain('driverError');
    expect(line.err.client).toBeUndefined();
    expect(line.err.detail.length).toBeLessThanOrEqual(201);
    expect(lines[0]?.length).toBeLessThan(2_000);
    expect(lines[0]).not.toContain('secret');
  });

  it('passes a value that is not an error through as it is', () => {
    expect(logSerializers.err('plain words' as unknown as Error)).toBe('plain words');
  });
});
