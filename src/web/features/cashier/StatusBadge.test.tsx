import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../components/ui/Money.tsx';
import { SITE_KEY } from '../site/site.ts';
import { StatusBadge } from './StatusBadge.tsx';

const i18n = i18next.createInstance();
const load = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales', lng, `${ns}.json`), 'utf8'),
  );

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { cashier: load('en', 'cashier'), common: load('en', 'common') },
      ko: { cashier: load('ko', 'cashier') },
    },
    interpolation: { escapeValue: false },
  });
});

/** The page as on a won site: the site's currency is known (get-reg-domain answered). */
const render = (node: React.ReactNode) => {
  const client = new QueryClient();
  client.setQueryData(SITE_KEY, { status: 'success', domain: 'localhost', site: { currency: 'KRW' } });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </QueryClientProvider>,
  );
};
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('status labels and amounts as the member sees them', () => {
  it('labels wait and reg as pending, already as done, cansel as cancelled, anything else unchanged', () => {
    expect(
      ['wait', 'reg', 'already', 'cansel', 'refunded'].map((s) => text(render(<StatusBadge status={s} />))),
    ).toEqual(['Pending', 'Pending', 'Done', 'Cancelled', 'refunded']);
  });

  it('speaks the page language', async () => {
    await i18n.changeLanguage('ko');
    expect(text(render(<StatusBadge status="already" />))).toBe('완료');
    await i18n.changeLanguage('en');
  });

  it('renders amounts with thousands separators and non-numbers as 0', () => {
    expect(text(render(<Money value={1234567} />))).toBe('₩1,234,567');
    expect(text(render(<Money value="oops" />))).toBe('₩0');
  });

  it('renders an amount not loaded yet as a dash, not as a 0 balance', () => {
    expect(text(render(<Money value={undefined} />))).toBe('–');
    expect(text(render(<Money value={0} />))).toBe('₩0');
  });
});
