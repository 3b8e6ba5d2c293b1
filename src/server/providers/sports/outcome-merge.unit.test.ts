import { describe, expect, it } from 'vitest';
import { mergeOutcomes } from './outcome-merge.ts';

const lost = (key: string, certainty?: number) => ({ key, won: false, ...(certainty ? { certainty } : {}) });
const won = (key: string, certainty?: number) => ({ key, won: true, ...(certainty ? { certainty } : {}) });

describe("a feed's settlements of a market, merged outcome by outcome", () => {
  it('a later message adds its outcomes and keeps the earlier ones', () => {
    const first = mergeOutcomes(null, [lost('0-0', 1)]);
    const next = mergeOutcomes(first.result, [won('1-1', 1), lost('2-1', 1)]);
    expect(next).toMatchObject({ settles: true, differs: true, overruled: [] });
    expect(next.result.outcomes.map((o) => o.key)).toEqual(['0-0', '1-1', '2-1']);
  });

  it('the same result again changes no bet; a confirmation only raises its certainty', () => {
    const once = mergeOutcomes(null, [won('1-1', 1)]).result;
    expect(mergeOutcomes(once, [won('1-1', 1)])).toMatchObject({ settles: false, differs: false });
    const confirmed = mergeOutcomes(once, [won('1-1', 2)]);
    expect(confirmed).toMatchObject({ settles: false, differs: true });
    expect(confirmed.result.outcomes).toEqual([won('1-1', 2)]);
    // Factors written differently but equal are the same result.
    const half = mergeOutcomes(null, [{ key: 'home', won: false, voidFactor: '0.5', certainty: 2 }]).result;
    expect(mergeOutcomes(half, [{ key: 'home', won: false, voidFactor: '0.50', certainty: 2 }]).settles).toBe(
      false,
    );
  });

  it('a different result corrects at the same or a higher certainty, never at a lower one', () => {
    const scouted = mergeOutcomes(null, [lost('2-1', 1), won('1-1', 2)]).result;
    const corrected = mergeOutcomes(scouted, [won('2-1', 2), lost('1-1', 1)]);
    expect(corrected).toMatchObject({ settles: true, overruled: ['1-1'] });
    expect(corrected.result.outcomes).toEqual([won('2-1', 2), won('1-1', 2)]);
    expect(mergeOutcomes(scouted, [won('2-1', 1)]).result.outcomes[0]).toEqual(won('2-1', 1));
  });

  it("a result that is not per outcome (the desk's score, a void) is replaced whole", () => {
    const merged = mergeOutcomes({ kind: 'score', home: 1, away: 0 }, [won('home', 2)]);
    expect(merged).toMatchObject({ settles: true, result: { kind: 'outcomes', outcomes: [won('home', 2)] } });
  });
});
