import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('needs at least two database connections: the wallet keeps one while it is busy', () => {
    expect(readConfig({}).dbPoolSize).toBe(10);
    expect(readConfig({ DB_POOL_SIZE: '2' }).dbPoolSize).toBe(2);
    expect(() => readConfig({ DB_POOL_SIZE: '1' })).toThrow('DB_POOL_SIZE must be an integer of at least 2');
    expect(() => readConfig({ PORT: '-1' })).toThrow('PORT must be a non-negative integer');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, a hop count, or a list of proxy addresses; never "trust everything"', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must be');
    expect(() => readConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY must be');
  });
});

describe('AVAILABILITY_CHECKS_PER_WINDOW', () => {
  it('is 30 by default, a count of at least 1, or unlimited (load benchmarks)', () => {
    expect(readConfig({}).availabilityChecksPerWindow).toBe(30);
    expect(readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: '5' }).availabilityChecksPerWindow).toBe(5);
    expect(readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: 'unlimited' }).availabilityChecksPerWindow).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(() => readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: '0' })).toThrow(
      'must be an integer of at least 1',
    );
  });
});
