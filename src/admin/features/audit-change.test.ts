import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-change.ts';

describe('the audit log shows what an action changed', () => {
  it('lists only the fields that differ, old → new', () => {
    expect(changeLines({ used: 'y', maintenance: false }, { used: 'y', maintenance: true })).toEqual([
      'maintenance: false → true',
    ]);
  });

  it('lists every field of something created, and shortens long values', () => {
    const lines = changeLines(null, { title: 'Hello', contents: 'x'.repeat(200) });
    expect(lines[0]).toBe('title: Hello');
    expect(lines[1]?.length).toBeLessThan(100);
    expect(lines[1]?.endsWith('…')).toBe(true);
  });

  it('shows nothing when nothing was recorded', () => {
    expect(changeLines(null, null)).toEqual([]);
  });
});

describe('the audit log reads nested changes field by field', () => {
  it('names the field inside a record that changed, not the record as JSON', () => {
    expect(
      changeLines(
        { title: 'a', translations: { en: { title: 'Hi' } } },
        { title: 'a', translations: { en: { title: 'Hello' }, ko: { title: '안녕' } } },
      ),
    ).toEqual(['translations.en.title: Hi → Hello', 'translations.ko.title: 안녕']);
  });

  it('reads a list of records item by item', () => {
    expect(changeLines(null, { result: { winners: [{ key: 'home' }] } })).toEqual([
      'result.winners.0.key: home',
    ]);
  });
});
