import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { memoizeTexts } from './memo-t.ts';

const RESOURCES = {
  en: {
    site: {
      hello: 'Hello',
      greet: 'Hi {{name}}',
      bets_one: '{{count}} bet',
      bets_other: '{{count}} bets',
      msg: { deep: 'Deep text', nested: 'Say $t(hello)' },
      empty: '',
      onlyEnglish: 'Only in English',
    },
    home: { title: 'Home', hello: 'Hello from home' },
  },
  th: { site: { hello: 'สวัสดี', msg: { deep: 'ข้อความลึก' } }, home: { title: 'หน้าแรก' } },
};

async function plainI18next(fallbackLng: 'en' | false) {
  const i18n = createInstance();
  await i18n.init({
    lng: 'th',
    fallbackLng,
    ns: ['site', 'home'],
    defaultNS: 'site',
    interpolation: { escapeValue: false },
    resources: RESOURCES,
  });
  return i18n;
}

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

  it('reads a plain key from the loaded texts without i18next, and answers every call as i18next does', async () => {
    for (const fallbackLng of ['en', false] as const) {
      const plain = await plainI18next(fallbackLng);
      const memo = await plainI18next(fallbackLng);
      let translated = 0;
      const original = memo.t.bind(memo) as unknown as (...args: unknown[]) => unknown;
      memo.t = ((...args: unknown[]) => {
        translated++;
        return original(...args);
      }) as unknown as typeof memo.t;
      memoizeTexts(memo);
      const calls: [string, string | string[] | undefined, string, Record<string, unknown>?][] = [
        ['th', undefined, 'hello'],
        ['th', undefined, 'msg.deep'],
        ['th', 'home', 'title'],
        ['th', ['home', 'site'], 'hello'],
        ['th', undefined, 'home:title'],
        ['th', undefined, 'onlyEnglish'],
        ['th', undefined, 'msg'],
        ['en', undefined, 'msg.nested'],
        ['en', undefined, 'greet'],
        ['en', undefined, 'empty'],
        ['en', undefined, 'missing'],
        ['en', 'home', 'hello'],
        ['en', undefined, 'deep', { keyPrefix: 'msg' }],
      ];
      type T = (key: string, options?: object) => unknown;
      for (const [lng, ns, key, options] of calls) {
        const expected = (plain.getFixedT(lng, ns) as unknown as T)(key, options);
        expect([key, (memo.getFixedT(lng, ns) as unknown as T)(key, options)]).toEqual([key, expected]);
      }
      // The plain keys found in their own language never reached i18next's resolution.
      translated = 0;
      expect(memo.getFixedT('th', 'site')('msg.deep')).toBe('ข้อความลึก');
      expect(memo.getFixedT('en', 'home')('title')).toBe('Home');
      expect(translated).toBe(0);
      expect(memo.getFixedT('th', 'site')('onlyEnglish')).toBe(
        fallbackLng ? 'Only in English' : 'onlyEnglish',
      );
      expect(translated).toBe(1);
    }
  });
});
