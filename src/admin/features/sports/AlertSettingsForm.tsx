import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useChosenSite } from '../session/site-zone.ts';
import { useBookSettings, useSaveBookSettings } from './queries.ts';
import { SettingFields } from './SettingFields.tsx';

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
  const settings = useBookSettings();
  const current = settings.data?.settings;
  const save = useSaveBookSettings();
  const [bad, setBad] = useState<string>();
  // Not yet read, or unreadable: the trader sees which, not an empty panel.
  if (!current)
    return settings.error ? (
      <Outcome error={settings.error} />
    ) : (
      <p className={ui.muted}>{t('common.loading')}</p>
    );
  const amount = (all: PerCurrency) =>
    all[currency] === undefined ? '' : minorToDecimal(all[currency], currency);
  const label = (field: string) => t(`trading.alerts.${field}`, { currency });
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
      <SettingFields
        fields={[
          ['stakeOver', label('stakeOver'), amount(current.alertStakeOver)],
          ['lateSeconds', label('lateSeconds'), current.alertLateSeconds, [0, 600]],
          ['newAccountDays', label('newAccountDays'), current.alertNewAccountDays, [0, 365]],
          ['newAccountStake', label('newAccountStake'), amount(current.alertNewAccountStake)],
          ['sameIpMembers', label('sameIpMembers'), current.alertSameIpMembers, [0, 100]],
          ['sameIpMinutes', label('sameIpMinutes'), current.alertSameIpMinutes, [1, 1440]],
        ]}
      />
      <Button type="submit" className={ui.small} disabled={save.isPending}>
        {t('trading.alerts.saveSettings')}
      </Button>
      <Outcome error={bad ? new Error(bad) : save.error} done={save.isSuccess && t('trading.alerts.saved')} />
    </form>
  );
}
