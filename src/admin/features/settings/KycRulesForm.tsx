import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { KYC_LEVELS, type KycLevel } from '../../../shared/vocabulary.ts';
import type { SiteView } from '../../api/types.ts';
import { Field, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';

function LevelSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: KycLevel;
  onChange(v: KycLevel): void;
}) {
  const { t } = useTranslation();
  return (
    <Select label={label} value={value} onChange={(e) => onChange(Number(e.target.value) as KycLevel)}>
      {KYC_LEVELS.map((l) => (
        <option key={l} value={l}>
          {t(`kyc.rules.level.${l}`)}
        </option>
      ))}
    </Select>
  );
}

/**
 * Which verification level withdrawals need: any withdrawal, and one over an amount. The amount is typed
 * in the site's currency as the cashier shows it (50000 baht) and stored in minor units: the field asked
 * for minor units, so an owner typing 50000 for ฿50,000 set the rule at ฿500.00.
 */
export function KycRulesForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.kyc);
  const stored = site.settings.kyc ?? {};
  const [withdrawLevel, setWithdrawLevel] = useState<KycLevel>(stored.withdrawLevel ?? 0);
  const [over, setOver] = useState(
    stored.over === undefined || stored.over === null ? '' : minorToDecimal(stored.over, site.currency),
  );
  const [overLevel, setOverLevel] = useState<KycLevel>(stored.overLevel ?? 0);
  const [unreadable, setUnreadable] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = over.trim() === '' ? null : parseMajor(over, site.currency);
    const wrong = over.trim() !== '' && amount === null;
    setUnreadable(wrong);
    if (wrong) return;
    change.mutate({ params: { id: site.id }, body: { withdrawLevel, over: amount, overLevel } });
  };
  return (
    <Panel title={t('kyc.rules.title')}>
      <SaveForm state={change} saveLabel={t('kyc.rules.save')} onSubmit={submit}>
        <p className={ui.muted}>{t('kyc.rules.hint')}</p>
        <div className={ui.row}>
          <LevelSelect label={t('kyc.rules.any')} value={withdrawLevel} onChange={setWithdrawLevel} />
          <Field
            label={t('kyc.rules.over', { currency: site.currency })}
            inputMode="decimal"
            aria-invalid={unreadable || undefined}
            value={over}
            onValue={setOver}
          />
          <LevelSelect label={t('kyc.rules.overNeed')} value={overLevel} onChange={setOverLevel} />
        </div>
        {unreadable && (
          <p className={ui.error} role="alert">
            {t('kyc.rules.overProblem', { currency: site.currency })}
          </p>
        )}
      </SaveForm>
    </Panel>
  );
}
