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
