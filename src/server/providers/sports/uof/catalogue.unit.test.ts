import { describe, expect, it } from 'vitest';
import { frac, HALF, ONE, ZERO } from '../../../../shared/sports/fraction.ts';
import { selectionOutcome } from '../../../../shared/sports/markets.ts';
import { bookMarketFor, type CatalogueEntry, fillName, parseSpecifiers } from './catalogue.ts';

const entry = (e: Partial<CatalogueEntry>): CatalogueEntry => ({
  sport: 'sr:sport:1',
  marketId: 1,
  name: 'Market',
  bookType: '1x2',
  lineSpecifier: null,
  lineStyle: null,
  params: {},
  outcomes: [],
  ...e,
});
const teams = { home: 'Harbor Owls', away: 'Granite Foxes' };

describe('the market catalogue', () => {
  it('reads specifiers and fills names with teams and lines', () => {
    expect(parseSpecifiers('total=2.5|hcp=-1')).toEqual({ total: '2.5', hcp: '-1' });
    expect(fillName('{home} ({+line}) v {away} ({-line})', { ...teams, line: '-0.25' })).toBe(
      'Harbor Owls (-0.25) v Granite Foxes (0.25)',
    );
    expect(fillName('{home} ({+line})', { ...teams, line: '1.5' })).toBe('Harbor Owls (+1.5)');
  });

  it('maps specifiers to lines and refuses markets that could never settle', () => {
    const asian = entry({ marketId: 16, bookType: 'handicap', lineSpecifier: 'hcp', lineStyle: 'decimal' });
    expect(bookMarketFor(asian, 'hcp=-0.25', teams)).toMatchObject({ ok: true, params: { line: '-0.25' } });
    expect(bookMarketFor(asian, 'hcp=-0.3', teams)).toMatchObject({ ok: false });
    expect(bookMarketFor(asian, undefined, teams)).toMatchObject({
      ok: false,
      reason: 'market 16 needs hcp=',
    });
    const european = entry({
      marketId: 14,
      bookType: 'handicap_3way',
      lineSpecifier: 'hcp',
      lineStyle: 'score',
    });
    expect(bookMarketFor(european, 'hcp=0:1', teams)).toMatchObject({ ok: true, params: { line: '-1' } });
    expect(bookMarketFor(european, 'hcp=2:0', teams)).toMatchObject({ ok: true, params: { line: '2' } });
    expect(bookMarketFor(european, 'hcp=-0.5', teams)).toMatchObject({ ok: false });
    const total = entry({ marketId: 18, bookType: 'total', lineSpecifier: 'total', lineStyle: 'decimal' });
    expect(bookMarketFor(total, 'total=-0.5', teams)).toMatchObject({ ok: false });
    expect(
      bookMarketFor({ ...total, sport: 'sr:sport:2', marketId: 225 }, 'total=221.5', teams),
    ).toMatchObject({
      ok: true,
      params: { line: '221.5' },
    });
    const teamTotal = entry({
      marketId: 19,
      bookType: 'team_total',
      lineSpecifier: 'total',
      params: { team: 'home' },
    });
    expect(bookMarketFor(teamTotal, 'total=1.5', teams)).toMatchObject({
      ok: true,
      params: { team: 'home', line: '1.5' },
    });
    expect(bookMarketFor({ ...teamTotal, params: {} }, 'total=1.5', teams)).toMatchObject({ ok: false });
  });

  it('settles the new market types from a score, and any market from a feed’s factors', () => {
    const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });
    expect(selectionOutcome('double_chance', {}, '1x', score(1, 1))?.w).toBe(1);
    expect(selectionOutcome('double_chance', {}, '12', score(1, 1))?.w).toBe(0);
    // Home −1 (a European "0:1"): a one-goal home win is the handicap's draw.
    expect(selectionOutcome('handicap_3way', { line: '-1' }, 'draw', score(2, 1))?.w).toBe(1);
    expect(selectionOutcome('handicap_3way', { line: '-1' }, 'home', score(2, 1))?.w).toBe(0);
    expect(selectionOutcome('team_total', { line: '1.5', team: 'away' }, 'over', score(0, 2))?.w).toBe(1);
    // A quarter line settled by the feed: half lost (result 0, void factor 0.5).
    const half = selectionOutcome('handicap', { line: '-0.25' }, 'home', {
      kind: 'outcomes',
      outcomes: [{ key: 'home', won: false, voidFactor: '0.5' }],
    });
    expect(half).toEqual({ v: HALF, w: 0, d: ONE });
    const deadHeat = selectionOutcome('outright', {}, 'a', {
      kind: 'outcomes',
      outcomes: [{ key: 'a', won: true, deadHeat: '0.5' }],
    });
    expect(deadHeat).toEqual({ v: ZERO, w: 1, d: frac(1n, 2n) });
    // A factor out of range, or a selection the settlement does not name, decides nothing.
    const odd = { kind: 'outcomes' as const, outcomes: [{ key: 'home', won: true, voidFactor: '1.5' }] };
    expect(selectionOutcome('1x2', {}, 'home', odd)).toBeUndefined();
    expect(selectionOutcome('1x2', {}, 'away', odd)).toBeUndefined();
    // HT/FT takes its winning selection.
    expect(selectionOutcome('ht_ft', {}, 'x/1', { kind: 'winners', winners: [{ key: 'x/1' }] })?.w).toBe(1);
  });
});
