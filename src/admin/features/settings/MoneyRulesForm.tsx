import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { isLocale, LOCALES, type Locale } from '../../../shared/format.ts';
import { parseMajor } from '../../../shared/money.ts';
import { zoneLabel } from '../../../shared/zoned-time.ts';
import type { SiteView } from '../../api/types.ts';
import { Check, Field, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';
import { useSettingsChange } from './queries.ts';

/** A time zone Intl knows, as the server checks it. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The blackjack and roulette table rules a site switches on or off. */
const TABLE_RULES = ['laPartage', 'dealerHitsSoft17'] as const;

/**
 * A site's money and time in one place: its currency (fixed once it has members, whose accounts are in
 * it), time zone, default language, the deposit and withdrawal minimum and step and the comp minimum,
 * in major units of the currency, and the site's table rules (la partage, dealer hits soft 17). Saved through the settings routes that own each part (money,
 * cashier, comp).
 */
export function MoneyRulesForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const money = useSettingsChange(api.sites.money);
  const cashier = useSettingsChange(api.sites.cashier);
  const comp = useSettingsChange(api.sites.comp);
  const [form, setForm, bind] = useTextFields({
    currency: site.currency,
    timezone: site.desks.deposit.timezone,
    lang: (isLocale(site.settings.lang) ? site.settings.lang : 'th') as Locale,
    minimum: String(site.settings.cash?.minimum ?? ''),
    step: String(site.settings.cash?.step ?? ''),
    compMinimum: String(site.settings.comp?.minExchange ?? ''),
    laPartage: site.settings.tables?.laPartage ?? false,
    dealerHitsSoft17: site.settings.tables?.dealerHitsSoft17 ?? false,
  });
  const [bad, setBad] = useState<string>();
  const [done, setDone] = useState(false);
  const currency = form.currency.trim().toUpperCase();
  // As parseMajor reads it ("1,000" is 1000): Number() alone sent a thousand with a comma as null.
  const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/[,\s]/g, '')));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const [minimum, step, compMinimum] = [amount(form.minimum), amount(form.step), amount(form.compMinimum)];
    const typed = [form.minimum, form.step, form.compMinimum].filter((v) => v.trim() !== '');
    if (typed.some((v) => parseMajor(v, currency) === null))
      return setBad(t('settings.money.badAmount', { currency }));
    // What the server refuses otherwise, in its English: a minimum or step of 0, a comp minimum with cents.
    for (const key of ['minimum', 'step'] as const) {
      const value = amount(form[key]);
      if (value !== undefined && value <= 0)
        return setBad(t('settings.money.notPositive', { field: t(`settings.money.${key}`, { currency }) }));
    }
    if (compMinimum !== undefined && !Number.isInteger(compMinimum))
      return setBad(t('settings.money.notWhole', { field: t('settings.money.compMinimum', { currency }) }));
    if (!isTimeZone(form.timezone.trim())) return setBad(t('settings.money.badZone'));
    setBad(undefined);
    const params = { id: site.id };
    const cash = minimum !== undefined && step !== undefined ? { minimum, step } : undefined;
    await money.mutateAsync({
      params,
      body: {
        ...(site.hasMembers || currency === site.currency ? {} : { currency }),
        lang: form.lang,
        ...(cash ? { cash } : {}),
        // Only a rule the operator changed: a site that has not chosen keeps the install's.
        ...(form.laPartage !== (site.settings.tables?.laPartage ?? false) ||
        form.dealerHitsSoft17 !== (site.settings.tables?.dealerHitsSoft17 ?? false)
          ? { tables: { laPartage: form.laPartage, dealerHitsSoft17: form.dealerHitsSoft17 } }
          : {}),
      },
    });
    if (form.timezone.trim() !== site.desks.deposit.timezone)
      await cashier.mutateAsync({ params, body: { timezone: form.timezone.trim() } });
    if (compMinimum !== undefined && compMinimum !== site.settings.comp?.minExchange)
      await comp.mutateAsync({ params, body: { minExchange: compMinimum } });
    setDone(true);
  };
  const pending = money.isPending || cashier.isPending || comp.isPending;
  return (
    <Panel title={t('settings.money.title')}>
      <SaveForm
        state={{ error: money.error ?? cashier.error ?? comp.error, isSuccess: done, isPending: pending }}
        saveLabel={t('settings.money.save')}
        aria-label={t('settings.money.title')}
        onSubmit={(e) => void submit(e).catch(() => undefined)}
      >
        <Field
          label={t('settings.money.currency')}
          maxLength={3}
          disabled={site.hasMembers}
          aria-describedby={site.hasMembers ? `currency-fixed-${site.id}` : undefined}
          {...bind('currency')}
        />
        {site.hasMembers && (
          <p id={`currency-fixed-${site.id}`} className={ui.muted}>
            {t('settings.money.currencyFixed')}
          </p>
        )}
        <Field
          label={t('settings.money.timezone', {
            offset: isTimeZone(form.timezone) ? zoneLabel(form.timezone) : '?',
          })}
          maxLength={64}
          {...bind('timezone')}
        />
        <Select
          label={t('settings.money.lang')}
          value={form.lang}
          onChange={(e) => isLocale(e.target.value) && setForm({ ...form, lang: e.target.value })}
        >
          {LOCALES.map((locale) => (
            // Each language by its own name, whatever the operator's.
            <option key={locale} value={locale} translate="no">
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </Select>
        <Field label={t('settings.money.minimum', { currency })} inputMode="decimal" {...bind('minimum')} />
        <Field label={t('settings.money.step', { currency })} inputMode="decimal" {...bind('step')} />
        <Field
          label={t('settings.money.compMinimum', { currency })}
          inputMode="numeric"
          {...bind('compMinimum')}
        />
        {/* The built-in tables' rules for this site's members (shown in each game's rules). */}
        {TABLE_RULES.map((key) => (
          <Check
            key={key}
            label={t(`settings.money.${key}`)}
            checked={form[key]}
            onChecked={(on) => setForm({ ...form, [key]: on })}
          />
        ))}
        {bad && <p role="alert">{bad}</p>}
      </SaveForm>
    </Panel>
  );
}
