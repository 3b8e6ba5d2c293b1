import { describe, expect, it } from 'vitest';
import { fixtureXml } from './uof-build.ts';
import { parseUofFixture, parseUofMessage } from './uof-xml.ts';

describe('reading feed XML', () => {
  it('decodes escaped names: an ampersand, a quote, a character reference', () => {
    const fixture = parseUofFixture(
      fixtureXml({
        id: 'sr:match:1',
        startTime: new Date('2026-12-01T18:00:00Z'),
        sport: { id: 'sr:sport:1', name: 'Soccer' },
        tournament: { id: 'sr:tournament:17', name: "Brighton & Hove's Cup <U21>" },
        home: { id: 'sr:competitor:1', name: 'Brighton & Hove Albion' },
        away: { id: 'sr:competitor:2', name: "Nottingham Forest 'B'" },
      }),
    );
    expect(fixture?.tournament.name).toBe("Brighton & Hove's Cup <U21>");
    expect(JSON.stringify(fixture)).toContain('Brighton & Hove Albion');
    expect(JSON.stringify(fixture)).toContain("Nottingham Forest 'B'");
  });

  it('refuses a message that declares its own entities', () => {
    const hostile =
      '<?xml version="1.0"?><!DOCTYPE alive [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      '<alive product="1" timestamp="&b;" subscribed="1"/>';
    expect(parseUofMessage(hostile)).toMatchObject({ ok: false, kind: 'malformed' });
  });
});
