import { describe, expect, it } from 'vitest';
import { answerLost } from './answer-lost.ts';
import { ApiFailure } from './client.ts';

describe('answerLost', () => {
  it('keeps the code after no answer or a server failure, takes a new one after a refusal', () => {
    const failure = (status: string) => new ApiFailure(status, 'msg2012', status, {});
    for (const status of ['network', 'unavailable', 'error'])
      expect(answerLost(failure(status)), status).toBe(true);
    expect(answerLost(new TypeError('failed to fetch'))).toBe(true);
    for (const status of ['balance', 'debt', 'already', 'invalid', 'duplicate', 'unauthorized']) {
      expect(answerLost(failure(status)), status).toBe(false);
    }
  });
});
