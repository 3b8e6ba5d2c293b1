import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bpsAsPercent,
  contributionOf,
  HOUSE_STAKE_PER_HIT,
  jackpotCheck,
  jackpotDraw,
  jackpotThreshold,
} from './jackpot.ts';

const hmac = async (key: string, message: string) => createHmac('sha256', key).update(message).digest();

describe('the jackpot trigger', () => {
  it('draws 48 bits from its own HMAC message of the round', async () => {
    const seed = { serverSeed: 'server', clientSeed: 'client', nonce: 7 };
    const bytes = createHmac('sha256', 'server').update('client:7:jackpot').digest();
    expect(await jackpotDraw(hmac, seed)).toBe(bytes.readUIntBE(0, 6));
    expect(await jackpotDraw(hmac, { ...seed, nonce: 8 })).not.toBe(await jackpotDraw(hmac, seed));
  });

  it('sets the threshold in proportion to the stake, rounded up, and capped at a sure hit', () => {
    const span = 2 ** 48;
    expect(jackpotThreshold(0, 1_000)).toBe(0);
    expect(jackpotThreshold(1_000, 1_000)).toBe(span);
    expect(jackpotThreshold(5_000, 1_000)).toBe(span);
    expect(jackpotThreshold(1, 2)).toBe(span / 2);
    expect(jackpotThreshold(1, 3)).toBe(Math.ceil(span / 3));
    expect(() => jackpotThreshold(1.5, 3)).toThrow(RangeError);
    expect(() => jackpotThreshold(1, 0)).toThrow(RangeError);
  });

  it('hits exactly when the draw is below the threshold', async () => {
    const seed = { serverSeed: 's', clientSeed: 'c', nonce: 0 };
    const draw = await jackpotDraw(hmac, seed);
    const span = 2 ** 48;
    // stakePerHit chosen so the threshold lands just above, then at, the draw.
    expect((await jackpotCheck(hmac, seed, 1, 1)).hit).toBe(true);
    const never = await jackpotCheck(hmac, seed, 0, HOUSE_STAKE_PER_HIT);
    expect(never).toEqual({ draw, threshold: 0, hit: false });
    const atDraw = await jackpotCheck(hmac, seed, draw, span);
    expect(atDraw).toMatchObject({ threshold: draw, hit: false });
    expect((await jackpotCheck(hmac, seed, draw + 1, span)).hit).toBe(true);
  });

  it('hits about as often as the stake says over many rounds', async () => {
    let hits = 0;
    const rounds = 20_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      if ((await jackpotCheck(hmac, { serverSeed: 'odds', clientSeed: 'c', nonce }, 1_000, 100_000)).hit)
        hits++;
    }
    // Expected 200 (1 %); a 4.5-sigma band around it.
    expect(hits).toBeGreaterThan(137);
    expect(hits).toBeLessThan(263);
  });
});

describe('the jackpot contribution', () => {
  it('pays whole minor units and carries the fraction to the next stake', () => {
    let units = 0n;
    const paid: number[] = [];
    for (const stake of [1, 1, 1, 97, 33]) {
      const next = contributionOf(units, stake, 100);
      paid.push(next.contribution);
      units = next.unitsAfter;
    }
    // 1 % of 1, 1, 1, 97, 33: the first unit is complete after the 97.
    expect(paid).toEqual([0, 0, 0, 1, 0]);
    expect(units).toBe(13_300n);
  });

  it('sums to exactly floor(total stake × bps / 10,000) whatever the stakes', () => {
    let units = 0n;
    let paid = 0;
    let staked = 0;
    for (let i = 1; i <= 5_000; i++) {
      const stake = (i * 7_919) % 123_457;
      staked += stake;
      const next = contributionOf(units, stake, 137);
      paid += next.contribution;
      units = next.unitsAfter;
    }
    expect(paid).toBe(Math.floor((staked * 137) / 10_000));
  });

  it('shows the share as a percentage', () => {
    expect(bpsAsPercent(100)).toBe('1');
    expect(bpsAsPercent(125)).toBe('1.25');
    expect(bpsAsPercent(50)).toBe('0.5');
  });
});
