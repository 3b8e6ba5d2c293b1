import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { newsText } from './newsText.ts';

describe('a money news line', () => {
  it("tells the amount in the member's currency: satang as baht, won as won", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { common: enCommon } },
      interpolation: { escapeValue: false },
    });
    const params = { amount: 20_000, reason: 'Bank name differs' };
    expect(newsText(i18n.t, 'en', 'withdrawRefused', params, 'THB')).toContain('of ฿200.00 refused');
    expect(newsText(i18n.t, 'en', 'withdrawRefused', params, 'KRW')).toContain('₩20,000 refused');
    expect(newsText(i18n.t, 'en', 'withdrawRefused', params, undefined)).toContain('of – refused');
  });
});
