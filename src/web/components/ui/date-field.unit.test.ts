import { describe, expect, it } from 'vitest';
import { asTypedDate, isDay } from './DateField.tsx';

describe('asTypedDate', () => {
  it('puts the dashes in as the member types digits, and keeps at most a day', () => {
    expect(asTypedDate('1')).toBe('1');
    expect(asTypedDate('1992')).toBe('1992');
    expect(asTypedDate('19920')).toBe('1992-0');
    expect(asTypedDate('199207')).toBe('1992-07');
    expect(asTypedDate('1992071')).toBe('1992-07-1');
    expect(asTypedDate('19920715999')).toBe('1992-07-15');
    expect(asTypedDate('1992-07-15')).toBe('1992-07-15');
    expect(asTypedDate('15/07/1992')).toBe('1507-19-92');
    expect(asTypedDate('')).toBe('');
  });
});

describe('isDay', () => {
  it('accepts real calendar days only, within min and max', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay('2026-06-15', '2026-06-16')).toBe(false);
    expect(isDay('2026-06-15', undefined, '2026-06-14')).toBe(false);
    expect(isDay('2026-06-15', '2026-06-15', '2026-06-15')).toBe(true);
  });
});
