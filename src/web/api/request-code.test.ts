import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from './client.ts';
import { RequestCode } from './request-code.ts';

describe('RequestCode', () => {
  it('keeps its code after a lost answer, takes a new one after a success or a refusal', () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      const code = new RequestCode();
      const first = code.current;
      vi.setSystemTime(2_000);
      code.answered(new TypeError('failed to fetch'));
      code.answered(new ApiFailure('unavailable', 'msg2012', 'unavailable', {}));
      expect(code.current).toBe(first);
      code.answered();
      const second = code.current;
      expect(second).not.toBe(first);
      vi.setSystemTime(3_000);
      code.answered(new ApiFailure('balance', 'msg2016', 'balance', {}));
      expect(code.current).not.toBe(second);
    } finally {
      vi.useRealTimers();
    }
  });
});
