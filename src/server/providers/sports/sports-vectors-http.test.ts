import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { type Selection, selectionsOf } from '../../../../test/support/sports.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import type { MarketType } from '../../../shared/sports/markets.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import type { Db } from '../../db/client.ts';
import { upsertCompetition, upsertEvent, upsertMarket, upsertSport } from './trading.service.ts';

/**
 * SPORTSBOOK.md §2's published settlement examples, each placed through the sports window's API and
 * settled through the trading desk's result route: what the member is paid, not what the maths module
 * says. Quarter lines, dead heats and void legs also inside multiples and system bets. Stakes below the
 * platform's minimum (1,000) are scaled up by a factor the test names.
 */
describe.runIf(backendAvailable)('settlement vectors through the HTTP API', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({ confirmResults: false, rounding: 'down' });

  let n = 0;
  /** A fresh event with one market of `type` (selections keyed as given, prices as `format`). */
  async function market(
    db: Db,
    type: MarketType,
    selections: [string, string][],
    opts: {
      line?: string;
      format?: 'decimal' | 'fractional' | 'american';
      rounding?: 'down' | 'nearest';
    } = {},
  ) {
    n += 1;
    const sportId = await upsertSport(db, 'football', 'Football');
    const competitionId = await upsertCompetition(db, sportId, `Vector League ${process.pid}-${n} [DEMO]`);
    const eventId = await upsertEvent(db, {
      competitionId,
      name: `Vec Home ${n} v Vec Away ${n}`,
      home: `Vec Home ${n}`,
      away: `Vec Away ${n}`,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const marketId = await upsertMarket(db, {
      eventId,
      type,
      name: `${type} ${opts.line ?? ''}`.trim(),
      params: opts.line === undefined ? {} : { line: opts.line },
      rounding: opts.rounding,
      selections: selections.map(([key, price]) => ({
        key,
        name: key,
        price: parsePrice(price, opts.format ?? 'decimal')!,
      })),
    });
    const all = await selectionsOf(t, eventId);
    const pick = (key: string) => all[`${type}:${key}`] as Selection;
    return { eventId, marketId, pick };
  }
  const result = (marketId: number, r: object) =>
    as('trading').post(`/api/admin/sports/markets/${marketId}/result`, { result: r });
  const settled = async (p: { gameToken: string }, betId: number) => {
    const bet = await book.bet(p as never, betId);
    expect(bet.status).toBe('settled');
    return bet.settledReturn;
  };

  it.each([
    // [case, source, price, format, stake, places, tied, expected]
    [
      '£10 at 10/1, dead heat of 2 → £55',
      'Betfair help, answer 6779',
      '10/1',
      'fractional',
      1_000,
      1,
      2,
      5_500,
    ],
    [
      '$50 at 2.5, dead heat of 2 → $62.50',
      'DraftKings help, "dead heat reduction"',
      '2.5',
      'decimal',
      5_000,
      1,
      2,
      6_250,
    ],
    [
      '$50 at 3.0, 6 tied for 3 places → $75',
      'DraftKings help, same page',
      '3.0',
      'decimal',
      5_000,
      3,
      6,
      7_500,
    ],
    [
      '£10 at 4/1, dead heat of 2 → £25',
      'horseracingqa.com, "dead heat"',
      '4/1',
      'fractional',
      1_000,
      1,
      2,
      2_500,
    ],
  ] as const)('%s (%s)', async (_case, _source, price, format, stake, places, tied, expected) => {
    const p = await newPlayer(100_000);
    const runners = Array.from({ length: Math.max(tied, 2) }, (_, i) => [`r${i}`, price] as [string, string]);
    const m = await market(t.db, 'outright', runners, { format });
    const betId = await book.placed(p, [m.pick('r0')], { unitStake: stake });
    const deadHeat = `${Math.min(places, tied)}/${tied}`;
    const winners = runners.slice(0, tied).map(([key]) => ({ key, deadHeat }));
    expect((await result(m.marketId, { kind: 'winners', winners })).statusCode).toBe(200);
    expect(await settled(p, betId)).toBe(expected);
    expect((await balancesOf(t, p.token)).cash).toBe(100_000 - stake + expected);
  });

  it('refuses winners that are not the market’s selections, named twice, or with a factor out of (0, 1]', async () => {
    const p = await newPlayer(100_000);
    const m = await market(t.db, 'outright', [
      ['r0', '3.0'],
      ['r1', '3.0'],
      ['r2', '3.0'],
    ]);
    const betId = await book.placed(p, [m.pick('r0')], { unitStake: 1_000 });
    for (const winners of [
      [{ key: 'R0' }],
      [{ key: 'r0' }, { key: 'r0' }],
      [{ key: 'r0' }, { key: 'nobody' }],
      [{ key: 'r0', deadHeat: '0/2' }],
      [{ key: 'r0', deadHeat: '3/2' }],
    ]) {
      const refused = await result(m.marketId, { kind: 'winners', winners });
      expect(refused.statusCode, JSON.stringify(winners)).toBe(409);
      expect(refused.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect((await book.bet(p as never, betId)).status).not.toBe('settled');
    const tied = [
      { key: 'r0', deadHeat: '1/2' },
      { key: 'r1', deadHeat: '1/2' },
    ];
    expect((await result(m.marketId, { kind: 'winners', winners: tied })).statusCode).toBe(200);
    expect(await settled(p, betId)).toBe(1_500);
  });

  it('$100 at −110 returns $190.91 on a market rounding to nearest (Sports Interaction help 217732687)', async () => {
    const p = await newPlayer(100_000);
    const m = await market(
      t.db,
      'moneyline',
      [
        ['home', '-110'],
        ['away', '-110'],
      ],
      {
        format: 'american',
        rounding: 'nearest',
      },
    );
    const betId = await book.placed(p, [m.pick('home')], { unitStake: 10_000 });
    await result(m.marketId, { kind: 'score', home: 2, away: 1 });
    expect(await settled(p, betId)).toBe(19_091);
  });

  it('$100 at 5/6 (1.8333) returns $183.33 (Sports Interaction help 217732687)', async () => {
    const p = await newPlayer(100_000);
    const m = await market(
      t.db,
      'moneyline',
      [
        ['home', '5/6'],
        ['away', '5/6'],
      ],
      { format: 'fractional' },
    );
    const betId = await book.placed(p, [m.pick('home')], { unitStake: 10_000 });
    await result(m.marketId, { kind: 'score', home: 2, away: 1 });
    expect(await settled(p, betId)).toBe(18_333);
  });

  it('a 5-fold at a combined 32.826 returns £328.26 for £10 (Bally help 20453198804754)', async () => {
    const p = await newPlayer(100_000);
    // 2.0 × 1.5 × 2.0 × 2.0 × 2.7355 = 32.826 exactly.
    const legs = [];
    for (const price of ['2.0', '1.5', '2.0', '2.0', '2.7355'])
      legs.push(
        await market(t.db, 'moneyline', [
          ['home', price],
          ['away', '2.0'],
        ]),
      );
    const betId = await book.placed(
      p,
      legs.map((l) => l.pick('home')),
      { unitStake: 1_000 },
    );
    for (const l of legs) await result(l.marketId, { kind: 'score', home: 1, away: 0 });
    expect(await settled(p, betId)).toBe(32_826);
  });

  it('Asian −0.25 and +0.25 at 1.90 on a draw: half lost half void (50) and half won half void (145), ×100', async () => {
    const p = await newPlayer(100_000);
    const minus = await market(
      t.db,
      'handicap',
      [
        ['home', '1.90'],
        ['away', '1.90'],
      ],
      { line: '-0.25' },
    );
    const plus = await market(
      t.db,
      'handicap',
      [
        ['home', '1.90'],
        ['away', '1.90'],
      ],
      { line: '0.25' },
    );
    const a = await book.placed(p, [minus.pick('home')], { unitStake: 10_000 });
    const b = await book.placed(p, [plus.pick('home')], { unitStake: 10_000 });
    // The away side of −0.25 has +0.25: the same draw is its half win.
    const c = await book.placed(p, [minus.pick('away')], { unitStake: 10_000 });
    await result(minus.marketId, { kind: 'score', home: 1, away: 1 });
    await result(plus.marketId, { kind: 'score', home: 0, away: 0 });
    expect(await settled(p, a)).toBe(5_000);
    expect(await settled(p, b)).toBe(14_500);
    expect(await settled(p, c)).toBe(14_500);
  });

  it('quarter totals: over 2.25 on two goals is half lost, over 2.75 on three is half won', async () => {
    const p = await newPlayer(100_000);
    const low = await market(
      t.db,
      'total',
      [
        ['over', '1.90'],
        ['under', '1.90'],
      ],
      { line: '2.25' },
    );
    const high = await market(
      t.db,
      'total',
      [
        ['over', '2.10'],
        ['under', '1.70'],
      ],
      { line: '2.75' },
    );
    const a = await book.placed(p, [low.pick('over')], { unitStake: 10_000 });
    const b = await book.placed(p, [high.pick('over')], { unitStake: 10_000 });
    const c = await book.placed(p, [high.pick('under')], { unitStake: 10_000 });
    await result(low.marketId, { kind: 'score', home: 1, away: 1 });
    await result(high.marketId, { kind: 'score', home: 2, away: 1 });
    expect(await settled(p, a)).toBe(5_000);
    // 5,000 void + 5,000 × 2.10.
    expect(await settled(p, b)).toBe(15_500);
    expect(await settled(p, c)).toBe(5_000);
  });

  it('a treble with a half-won quarter line, a void leg and a dead heat: stake × 1.45 × 1 × 2.0/2', async () => {
    const p = await newPlayer(100_000);
    const ah = await market(
      t.db,
      'handicap',
      [
        ['home', '1.90'],
        ['away', '1.90'],
      ],
      { line: '0.25' },
    );
    const voided = await market(t.db, 'moneyline', [
      ['home', '3.0'],
      ['away', '1.4'],
    ]);
    const race = await market(t.db, 'outright', [
      ['r0', '4.0'],
      ['r1', '4.0'],
      ['r2', '2.0'],
    ]);
    const betId = await book.placed(p, [ah.pick('home'), voided.pick('home'), race.pick('r0')], {
      unitStake: 10_000,
    });
    await result(ah.marketId, { kind: 'score', home: 1, away: 1 });
    await result(voided.marketId, { kind: 'void' });
    // A void leg leaves the treble open on its other legs, never void as a whole.
    expect((await book.bet(p, betId)).status).toBe('open');
    await result(race.marketId, {
      kind: 'winners',
      winners: [
        { key: 'r0', deadHeat: '1/2' },
        { key: 'r1', deadHeat: '1/2' },
      ],
    });
    // 10,000 × 1.45 × 1 × (4.0 × 1/2) = 29,000.
    expect(await settled(p, betId)).toBe(29_000);
  });

  it('a Trixie of 1,000 a line at 2.0, 3.0 and 4.0, all winning, returns 50,000 (the £1 vector × 10)', async () => {
    const p = await newPlayer(100_000);
    const legs = [];
    for (const price of ['2.0', '3.0', '4.0'])
      legs.push(
        await market(t.db, 'moneyline', [
          ['home', price],
          ['away', '2.0'],
        ]),
      );
    const res = await sportsApi('place', {
      token: p.gameToken,
      requestId: `slip-trixie-${Date.now()}`,
      kind: 'system',
      systemName: 'trixie',
      unitStake: 1_000,
      priceChange: 'none',
      legs: legs.map((l) => ({ selectionId: l.pick('home').id, price: l.pick('home').price })),
    });
    expect(res.json().status).toBe('success');
    for (const l of legs) await result(l.marketId, { kind: 'score', home: 1, away: 0 });
    expect(await settled(p, res.json().betId)).toBe(50_000);
  });

  it('a Trixie with a half-lost quarter line and a half-won one: every line with its factors, rounded once', async () => {
    const p = await newPlayer(100_000);
    const a = await market(
      t.db,
      'handicap',
      [
        ['home', '1.90'],
        ['away', '1.90'],
      ],
      { line: '-0.25' },
    );
    const b = await market(
      t.db,
      'handicap',
      [
        ['home', '1.85'],
        ['away', '1.95'],
      ],
      { line: '0.25' },
    );
    const c = await market(t.db, 'moneyline', [
      ['home', '2.05'],
      ['away', '1.75'],
    ]);
    const legs = [a.pick('home'), b.pick('home'), c.pick('home')];
    const res = await sportsApi('place', {
      token: p.gameToken,
      requestId: `slip-trixie-q-${Date.now()}`,
      kind: 'system',
      systemName: 'trixie',
      unitStake: 1_001,
      priceChange: 'none',
      legs: legs.map((l) => ({ selectionId: l.id, price: l.price })),
    });
    expect(res.json().status).toBe('success');
    await result(a.marketId, { kind: 'score', home: 0, away: 0 });
    await result(b.marketId, { kind: 'score', home: 2, away: 2 });
    await result(c.marketId, { kind: 'score', home: 3, away: 0 });
    // f = 0.5, 1.425, 2.05. Lines: 0.5·1.425 + 0.5·2.05 + 1.425·2.05 + 0.5·1.425·2.05
    // = 0.7125 + 1.025 + 2.92125 + 1.4606250 = 6.1193750; × 1,001 = 6,125.49… → 6,125 (down, once).
    expect(await settled(p, res.json().betId)).toBe(6_125);
    await expectSoundLedger(t.db);
  });
});
