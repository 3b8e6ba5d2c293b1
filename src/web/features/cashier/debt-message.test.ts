import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, LOCALES } from '../../../shared/format.ts';
import { ApiFailure } from '../../api/client.ts';
import { messageParams } from '../protection/messageParams.ts';
import { failureMessage } from './failureMessage.ts';

const load = (lng: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales', lng, 'common.json'), 'utf8'),
  );

beforeAll(async () => {
  await i18next.init({
    lng: 'th',
    resources: Object.fromEntries(LOCALES.map((lng) => [lng, { common: load(lng) }])),
    interpolation: { escapeValue: false },
  });
});

/** What the withdrawal page and the vault show for a refusal while the member owes (status debt). */
const shown = (error: unknown) =>
  i18next.t(`common:msg.${failureMessage(error, 'msg2018')}`, messageParams(error));

describe('the refusal while a member owes a debt', () => {
  const refusal = new ApiFailure('debt', 'msg3041', 'the member owes 300,000', {
    status: 'debt',
    owed: 300_000,
  });

  it.each(LOCALES)('names the amount owed in %s, with its thousands separators', async (lng) => {
    await i18next.changeLanguage(lng);
    const text = shown(refusal);
    expect(text).toContain(formatNumber(300_000, lng));
    expect(text).not.toContain('{{');
    expect(text).toBe(i18next.t('common:msg.msg3041', { owed: formatNumber(300_000, lng) }));
  });
});
