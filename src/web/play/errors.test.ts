// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { GameError } from './api.ts';
import { errorText } from './errors.ts';
import type { PlayT } from './i18n.ts';

/** The key and values the window would show, in place of its translations. */
const t = ((key: string, values?: object) => JSON.stringify([key, values ?? {}])) as unknown as PlayT;

describe('the game window’s refusal messages', () => {
  it('name the maximum stake of the member’s wagering bonus (msg3606), not "something went wrong"', () => {
    const refusal = new GameError('bonus_max_stake', 'the stake is above the maximum', 1_000_000, {
      status: 'bonus_max_stake',
      maxStake: 5_000,
    });
    const [key, values] = JSON.parse(errorText(t, refusal));
    expect(key).toBe('common:msg.msg3606');
    expect(values.maxStake).toMatch(/5,000|5000/);
  });
});
