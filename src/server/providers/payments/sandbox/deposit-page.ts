import escapeHtml from 'escape-html';
import { HTML_LANG } from '../../../../shared/format.ts';
import { formatMoney } from '../../../../shared/money.ts';
import type { PageText } from '../../../http/page-i18n.ts';
import { coinHundredths, coinText, sandboxAddress } from './coin-terms.ts';
import type { DepositDetails } from './deposit-details.ts';
import { hostedPage } from './hosted-page.ts';

const METHOD_KEY = { card: 'methodCard', coin: 'methodCoin', bank: 'methodBank' } as const;

/**
 * The page where the member confirms or declines a deposit: the method they chose, and for coin the
 * network, a deposit address and the amount in both currencies' terms.
 */
export function depositPage(
  text: PageText<'payment'>,
  input: {
    session: { id: string; amount: number };
    details: DepositDetails | undefined;
    /** The install's currency, for a deposit whose site is not known. */
    currency: string;
    production: boolean;
  },
): string {
  const { t, locale } = text;
  const { session, details } = input;
  // The site's currency: the amount credited and the coin's price are quoted in it.
  const currency = details?.currency ?? input.currency;
  const e = escapeHtml;
  const siteAmount = formatMoney(session.amount, currency, locale);
  const action = `/pay/sandbox/deposit/${encodeURIComponent(session.id)}`;
  const lang = `?lang=${locale}`;
  const rows: [string, string][] = [
    [t('reference'), `<span translate="no">${e(session.id.slice(0, 10))}</span>`],
  ];
  let coinBlock = '';
  if (details) {
    rows.push([t('method'), e(t(METHOD_KEY[details.kind]))]);
    rows.push([t('option'), `<span translate="no">${e(details.optionName)}</span>`]);
  }
  if (details?.kind === 'card') rows.push([t('testCard'), '4242 4242 4242 4242']);
  let headline = e(siteAmount);
  if (details?.kind === 'coin') {
    const coin = details.coin;
    if (coin) {
      const coinAmount = `${coinText(coinHundredths(session.amount, coin), HTML_LANG[locale])} ${coin.currency}`;
      headline = `${e(coinAmount)}`;
      rows.push([t('network'), `<span translate="no">${e(coin.network)}</span>`]);
      rows.push([t('amountToSend'), e(coinAmount)]);
      rows.push([t('credited'), e(siteAmount)]);
      rows.push([t('rate'), e(`1 ${coin.currency} = ${formatMoney(coin.minorPerCoin, currency, locale)}`)]);
      coinBlock = `<div class="address"><p class="label">${e(t('address'))}</p>
<code data-testid="coin-address" translate="no">${e(sandboxAddress(session.id))}</code>
<p class="muted">${e(t('addressNote'))}</p></div>`;
    } else {
      coinBlock = `<p class="muted">${e(t('noRate', { currency }))}</p>`;
    }
  }
  const banner = `${t('testBanner')}${input.production ? ` ${t('testBannerOn')}` : ''}`;
  return hostedPage(
    text,
    t('deposit'),
    `<h1>${e(t('deposit'))}</h1>
<div class="amount">${headline}</div>
<p class="test-banner">${e(banner)}</p>
${coinBlock}
<dl>${rows.map(([dt, dd]) => `<dt>${e(dt)}</dt><dd>${dd}</dd>`).join('')}</dl>
<div class="actions">
<form method="post" action="${action}/decline${lang}"><button class="decline" type="submit">${e(t('decline'))}</button></form>
<form method="post" action="${action}/confirm${lang}"><button class="pay" type="submit">${e(t('payNow'))}</button></form>
</div>`,
  );
}
