import { describe, expect, it } from 'vitest';
import {
  dateTimeIn,
  dayIn,
  instantOfWallTime,
  localeDateTimeIn,
  nextDay,
  startOfDayIn,
  toDate,
  wallTimeIn,
  zoneLabel,
} from './zoned-time.ts';

// 2026-11-26 17:30 UTC: still the 26th in Bangkok, already the 27th in Seoul.
const AT = '2026-11-26T17:30:00.000Z';

describe('times in the site’s zone', () => {
  it('shows a moment in the site’s zone, not the machine’s, and names the zone', () => {
    expect(dateTimeIn(AT, 'Asia/Bangkok')).toBe('2026-11-27 00:30 (GMT+7)');
    expect(dateTimeIn(AT, 'Asia/Seoul')).toBe('2026-11-27 02:30 (GMT+9)');
    expect(dateTimeIn(AT, 'UTC')).toBe('2026-11-26 17:30 (GMT)');
    expect(dateTimeIn(AT, 'Asia/Kolkata')).toBe('2026-11-26 23:00 (GMT+5:30)');
    expect(dateTimeIn(new Date(AT), 'Asia/Tokyo')).toBe('2026-11-27 02:30 (GMT+9)');
  });

  it('gives the day of the moment in the zone', () => {
    expect(dayIn('2026-11-26T16:59:00Z', 'Asia/Bangkok')).toBe('2026-11-26');
    expect(dayIn('2026-11-26T17:00:00Z', 'Asia/Bangkok')).toBe('2026-11-27');
    expect(dayIn('2026-11-26T14:59:00Z', 'Asia/Seoul')).toBe('2026-11-26');
    expect(dayIn('2026-11-26T15:00:00Z', 'Asia/Seoul')).toBe('2026-11-27');
  });

  it('midnight is 00:00, never 24:00', () => {
    expect(dateTimeIn('2026-11-26T17:00:00Z', 'Asia/Bangkok')).toBe('2026-11-27 00:00 (GMT+7)');
  });

  it('follows summer time where the zone has it', () => {
    expect(zoneLabel('Europe/London', new Date('2026-07-01T12:00:00Z'))).toBe('GMT+1');
    expect(zoneLabel('Europe/London', new Date('2026-01-01T12:00:00Z'))).toBe('GMT');
    expect(dateTimeIn('2026-07-01T12:00:00Z', 'Europe/London')).toBe('2026-07-01 13:00 (GMT+1)');
  });

  it('a dash for no date or one that is not a date', () => {
    for (const empty of [null, undefined, '', 'not a date']) {
      expect(dateTimeIn(empty, 'Asia/Bangkok')).toBe('-');
      expect(dayIn(empty, 'Asia/Bangkok')).toBe('-');
    }
    expect(toDate(Date.parse(AT))?.toISOString()).toBe(AT);
  });

  it('a day begins at midnight in the site’s zone, whatever the browser’s', () => {
    expect(startOfDayIn('2026-11-27', 'Asia/Bangkok')?.toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(startOfDayIn('2026-11-27', 'Asia/Seoul')?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(startOfDayIn('2026-11-27', 'UTC')?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    // Across summer time: London's 30 March 2026 begins at 23:00 UTC the day before.
    expect(startOfDayIn('2026-03-30', 'Europe/London')?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDayIn('27/11/2026', 'Asia/Bangkok')).toBeUndefined();
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('reads and writes a datetime-local input’s wall time in the site’s zone', () => {
    expect(wallTimeIn(AT, 'Asia/Bangkok')).toBe('2026-11-27T00:30');
    expect(instantOfWallTime('2026-11-27T00:30', 'Asia/Bangkok')?.toISOString()).toBe(AT);
    expect(instantOfWallTime('2026-11-27T02:30:15', 'Asia/Seoul')?.toISOString()).toBe(
      '2026-11-26T17:30:15.000Z',
    );
    expect(instantOfWallTime('tomorrow', 'Asia/Seoul')).toBeUndefined();
    expect(wallTimeIn(null, 'Asia/Seoul')).toBe('');
  });

  it('in each back-office language, in the site’s zone, naming it', () => {
    expect(localeDateTimeIn(AT, 'Asia/Bangkok', 'en-GB')).toBe('27/11/2026, 00:30 (GMT+7)');
    expect(localeDateTimeIn(AT, 'Asia/Seoul', 'ko-KR')).toContain('2026');
    expect(localeDateTimeIn(AT, 'Asia/Seoul', 'ko-KR')).toContain('(GMT+9)');
    // Thai in the Gregorian year, as the rest of the back office counts.
    expect(localeDateTimeIn(AT, 'Asia/Bangkok', 'th-TH')).toContain('2026');
    expect(localeDateTimeIn('', 'Asia/Bangkok', 'en-GB')).toBe('-');
  });
});
