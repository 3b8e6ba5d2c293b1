import { describe, expect, it } from 'vitest';
import { dayInZone, isoInZone, startOfDay } from '../sites/site-time.ts';
import { csvField, formatMinor, statementRange } from './statement-csv.ts';

describe('statement formatting', () => {
  it('quotes fields per RFC 4180 only when needed', () => {
    expect(csvField('deposit')).toBe('deposit');
    expect(csvField(-20000)).toBe('-20000');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('formats minor units by the currency scale, without floating point', () => {
    expect(formatMinor(1_230_000, 'KRW')).toBe('1,230,000');
    expect(formatMinor(123_456, 'THB', 'vn')).toBe('1.234,56');
    expect(formatMinor(123_456, 'THB')).toBe('1,234.56');
    expect(formatMinor(-5, 'THB')).toBe('-0.05');
    expect(formatMinor(9_007_199_254_740_991, 'KRW')).toBe('9,007,199,254,740,991');
  });

  it('writes dates with the zone offset, across summer time', () => {
    expect(isoInZone(new Date('2026-11-24T11:40:01Z'), 'Asia/Bangkok')).toBe('2026-11-24T18:40:01+07:00');
    expect(isoInZone(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01T13:00:00+01:00');
    expect(isoInZone(new Date('2026-01-01T12:00:00Z'), 'America/New_York')).toBe('2026-01-01T07:00:00-05:00');
    expect(startOfDay('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDay('2026-11-24', 'Asia/Bangkok').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    // Santiago's clocks skip from 00:00 to 01:00: the day starts at 01:00 (-03:00), not in the day before.
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayInZone(new Date('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('spans whole local days and at most 366 of them', () => {
    const range = statementRange('2026-11-01', '2026-11-30', 'Asia/Bangkok');
    expect(range.start.toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(() => statementRange('2024-01-01', '2024-12-31', 'UTC')).not.toThrow(); // a leap year: 366 days
    expect(() => statementRange('2024-01-01', '2025-01-01', 'UTC')).toThrow(/at most 366/);
  });
});
