import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/format.ts';
import { HOUSE_GAMES } from '../../../shared/games/house-games.ts';
import { formatMoney } from '../../../shared/money.ts';
import {
  CAMPAIGN_TYPES,
  CASHBACK_PAID_AS,
  FREE_SPIN_GAMES,
  FREE_SPIN_STAKES,
  STAKE_ORDERS,
  WAGERING_BASES,
} from '../../../shared/promotions.ts';
import { Button } from '../../../ui/Button.tsx';
import { adminCall } from '../../api/client.ts';
import { Check, Field, Outcome, Select, TextArea } from '../../components/Field.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useWallTimeFields } from '../../components/zone-follow.ts';
import { LanguageTabs } from '../content/LanguageTabs.tsx';
import { useChosenSite } from '../session/site-zone.ts';
import { bodyOf, type Campaign, type CampaignDraft, draftOf, emptyDraft } from './campaignDraft.ts';
import styles from './promotions.module.css';

export const CAMPAIGNS_KEY = ['admin', 'promotions', 'campaigns'] as const;

/** Creates a campaign, or edits one: every field the API takes, the terms with a tab per language. */
export function CampaignForm({
  campaign,
  currency,
  onDone,
}: {
  campaign: Campaign | null;
  currency: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Start and end are typed in the chosen site's wall time, as every date field of the back office.
  const { timeZone: zone, sites } = useChosenSite();
  const [draft, setDraft, bind] = useTextFields<CampaignDraft>(() =>
    campaign ? draftOf(campaign, zone) : emptyDraft(currency, zone),
  );
  // Another site chosen meanwhile (the header's picker) moves them to its wall time.
  useWallTimeFields(zone, setDraft, ['startsAt', 'endsAt']);
  const [lang, setLang] = useState<Locale>(DEFAULT_LOCALE);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const built = bodyOf(draft, zone);
      if ('problem' in built) {
        setProblem(built.problem);
        throw new Error(t('promotions.fieldProblem', { field: t(`promotions.field.${built.problem}`) }));
      }
      setProblem(null);
      return campaign
        ? adminCall(api.promotions.update, { params: { id: campaign.id }, body: built.body })
        : adminCall(api.promotions.create, { body: built.body });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      onDone();
    },
  });
  const text = (key: keyof CampaignDraft, extra: Partial<React.ComponentProps<'input'>> = {}) => (
    <Field
      label={t(`promotions.field.${key}`)}
      value={draft[key] as string}
      aria-invalid={problem === key || undefined}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      {...extra}
    />
  );
  const check = (key: 'newMembersOnly' | 'enabled') => (
    <Check
      label={t(`promotions.field.${key}`)}
      checked={draft[key]}
      onChecked={(checked) => setDraft({ ...draft, [key]: checked })}
    />
  );
  /** One of the campaign's fixed choices as a select, each option named by `promotions.<names>.<value>`. */
  const choice = (
    key: 'type' | 'cashbackPaidAs' | 'wageringBase' | 'stakeOrder',
    values: readonly string[],
    names: 'type' | 'paidAs' | 'base' | 'order',
  ) => (
    <Select
      label={t(`promotions.field.${key}`)}
      value={draft[key]}
      onValue={(value) => setDraft({ ...draft, [key]: value })}
    >
      {values.map((value) => (
        <option key={value} value={value}>
          {t(`promotions.${names}.${value}`)}
        </option>
      ))}
    </Select>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const isDeposit = draft.type === 'first_deposit' || draft.type === 'every_deposit';
  // Only a currency some site uses is accepted; a typed one was formatted as it was typed ("K" threw).
  const currencies = [...new Set([draft.currency, ...sites.map((s) => s.currency)])].sort();
  return (
    <form className={ui.form} onSubmit={submit} aria-label={t('promotions.formTitle')}>
      <div className={styles.fields}>
        {text('name', { required: true, maxLength: 100 })}
        {choice('type', CAMPAIGN_TYPES, 'type')}
        <Select label={t('promotions.field.currency')} {...bind('currency')}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
        {draft.type === 'code' && text('code', { maxLength: 32, required: true })}
        {text('percent', { inputMode: 'decimal' })}
        {text('fixedAmount', { inputMode: 'decimal' })}
        {draft.type !== 'free_spins' &&
          text('cap', { inputMode: 'decimal', placeholder: t('promotions.noLimit') })}
        {isDeposit && text('minDeposit', { inputMode: 'decimal' })}
        {text('startsAt', { type: 'datetime-local', required: true })}
        {text('endsAt', { type: 'datetime-local', required: true })}
        {text('levels', { placeholder: t('promotions.all') })}
        {text('siteIds', { placeholder: t('promotions.all') })}
        {draft.type === 'free_spins' && (
          <>
            {text('freeSpinCount', { inputMode: 'numeric' })}
            <Select label={t('promotions.field.freeSpinStake')} {...bind('freeSpinStake')}>
              {FREE_SPIN_STAKES.map((stake) => (
                <option key={stake} value={String(stake)}>
                  {formatMoney(stake, draft.currency, 'en')}
                </option>
              ))}
            </Select>
            <Select label={t('promotions.field.freeSpinGame')} {...bind('freeSpinGame')}>
              {FREE_SPIN_GAMES.map((game) => (
                <option key={game} value={game} translate="no">
                  {HOUSE_GAMES[game]!.title}
                </option>
              ))}
            </Select>
          </>
        )}
        {draft.type === 'cashback' && text('cashbackPeriodDays', { inputMode: 'numeric' })}
        {draft.type === 'cashback' && choice('cashbackPaidAs', CASHBACK_PAID_AS, 'paidAs')}
      </div>
      {check('newMembersOnly')}
      <h3 className={styles.subhead}>{t('promotions.wageringTitle')}</h3>
      <div className={styles.fields}>
        {text('wageringMultiple', { inputMode: 'numeric' })}
        {choice('wageringBase', WAGERING_BASES, 'base')}
        {text('slots', { inputMode: 'decimal' })}
        {text('tables', { inputMode: 'decimal' })}
        {text('sports', { inputMode: 'decimal' })}
        {text('sportsMinOdds', { inputMode: 'decimal' })}
        {text('maxStake', { inputMode: 'decimal', placeholder: t('promotions.noLimit') })}
        {text('expiryDays', { inputMode: 'numeric' })}
        {text('conversionCap', { inputMode: 'decimal', placeholder: t('promotions.noLimit') })}
        {choice('stakeOrder', STAKE_ORDERS, 'order')}
      </div>
      <h3 className={styles.subhead}>{t('promotions.field.terms')}</h3>
      <LanguageTabs
        value={lang}
        onChange={setLang}
        translations={Object.fromEntries(LOCALES.map((l) => [l, { title: draft.terms[l] }]))}
      />
      <TextArea
        label={t('promotions.termsIn')}
        rows={6}
        maxLength={4000}
        value={draft.terms[lang]}
        onChange={(e) => setDraft({ ...draft, terms: { ...draft.terms, [lang]: e.target.value } })}
      />
      {check('enabled')}
      <Outcome error={save.error} />
      <div className={ui.row}>
        <Button type="submit" disabled={save.isPending}>
          {campaign ? t('promotions.save') : t('promotions.create')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('promotions.cancel')}
        </Button>
      </div>
    </form>
  );
}
