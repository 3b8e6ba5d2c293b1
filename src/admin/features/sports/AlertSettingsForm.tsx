import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useChosenSite } from '../session/site-zone.ts';
import { useBookSettings, useSaveBookSettings } from './queries.ts';

type PerCurrency = Record<string, number>;

/** A per-currency threshold with this currency's amount set (blank: none for it) and the others kept. */
function withAmount(all: PerCurrency, currency: string, minor: number | null): PerCurrency {
  const { [currency]: _, ...rest } = all;
  return minor === null ? rest : { ...rest, [currency]: minor };
}

/**
 * The ticker alerts' thresholds: the money ones in the chosen site's currency (major units, as the
 * limits are typed), the others for the whole book. Saved through the book's settings (audited).
 */
export function AlertSettingsForm() {
  const { t } = useTranslation();
  const currency = useChosenSite().site?.currency ?? 'THB';
  const current = useBookSettings().data?.settings;
  const save = useSaveBookSettings();
  const [bad, setBad] = useState<string>();
  if (!current) return null;
  const amount = (all: PerCurrency) =>
    all[currency] === undefined ? '' : minorToDecimal(all[currency], currency);
  return (
    <form
      key={JSON.stringify(current)}
      className={ui.row}
      aria-label={t('trading.alerts.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const minor = (name: string) => {
          const text = String(form.get(name) ?? '').trim();
          return text === '' ? null : parseMajor(text, currency);
        };
        const stake = minor('stakeOver');
        const young = minor('newAccountStake');
        if (
          (stake === null && String(form.get('stakeOver')).trim() !== '') ||
          (young === null && String(form.get('newAccountStake')).trim() !== '')
        )
          return setBad(t('trading.limits.badAmount', { currency }));
        setBad(undefined);
        save.mutate({
          body: {
            alertStakeOver: withAmount(current.alertStakeOver, currency, stake),
            alertNewAccountStake: withAmount(current.alertNewAccountStake, currency, young),
            alertLateSeconds: Number(form.get('lateSeconds')),
            alertNewAccountDays: Number(form.get('newAccountDays')),
            alertSameIpMembers: Number(form.get('sameIpMembers')),
            alertSameIpMinutes: Number(form.get('sameIpMinutes')),
          },
        });
      }}
    >
      <Field
        label={t('trading.alerts.stakeOver', { currency })}
        name="stakeOver"
        inputMode="decimal"
        defaultValue={amount(current.alertStakeOver)}
      />
      <Field
        label={t('trading.alerts.lateSeconds')}
        name="lateSeconds"
        type="number"
        min={0}
        max={600}
        required
        defaultValue={current.alertLateSeconds}
      />
      <Field
        label={t('trading.alerts.newAccountDays')}
        name="newAccountDays"
        type="number"
        min={0}
        max={365}
        required
        defaultValue={current.alertNewAccountDays}
      />
      <Field
        label={t('trading.alerts.newAccountStake', { currency })}
        name="newAccountStake"
        inputMode="decimal"
        defaultValue={amount(current.alertNewAccountStake)}
      />
      <Field
        label={t('trading.alerts.sameIpMembers')}
        name="sameIpMembers"
        type="number"
        min={0}
        max={100}
        required
        defaultValue={current.alertSameIpMembers}
      />
      <Field
        label={t('trading.alerts.sameIpMinutes')}
        name="sameIpMinutes"
        type="number"
        min={1}
        max={1440}
        required
        defaultValue={current.alertSameIpMinutes}
      />
      <Button type="submit" className={ui.small} disabled={save.isPending}>
        {t('trading.alerts.saveSettings')}
      </Button>
      <Outcome error={bad ? new Error(bad) : save.error} done={save.isSuccess && t('trading.alerts.saved')} />
    </form>
  );
}
