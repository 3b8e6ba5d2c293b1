import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { memoizeTexts } from './memo-t.ts';

async function texts() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['site'],
    defaultNS: 'site',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        site: {
          hello: 'Hello',
          greet: 'Hi {{name}}',
          bets_one: '{{count}} bet',
          bets_other: '{{count}} bets',
        },
      },
      th: { site: { hello: 'สวัสดี' } },
    },
  });
  memoizeTexts(i18n);
  return i18n;
}

describe('texts kept once looked up', () => {
  it('answers as i18next does for plain keys, counts, values and defaults', async () => {
    const i18n = await texts();
    const t = i18n.getFixedT('en', 'site');
    expect([t('hello'), t('hello')]).toEqual(['Hello', 'Hello']);
    expect(t('greet', { name: 'Ann' })).toBe('Hi Ann');
    expect(t('greet', { name: 'Bo' })).toBe('Hi Bo');
    expect(t('bets', { count: 1 })).toBe('1 bet');
    expect(t('bets', { count: 3 })).toBe('3 bets');
    expect(t('nothing', { defaultValue: 'fallback' })).toBe('fallback');
    expect(t('nothing', { defaultValue: 'other' })).toBe('other');
  });

  it('follows a change of language and texts added after a key was missing', async () => {
    const i18n = await texts();
    expect(i18n.t('hello')).toBe('Hello');
    await i18n.changeLanguage('th');
    expect(i18n.t('hello')).toBe('สวัสดี');
    expect(i18n.getFixedT('en', 'site')('hello')).toBe('Hello');
    expect(i18n.t('late')).toBe('late');
    i18n.addResourceBundle('th', 'site', { late: 'มาทีหลัง' }, true, true);
    expect(i18n.t('late')).toBe('มาทีหลัง');
  });
});
