import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
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

/** Which verification level withdrawals need: any withdrawal, and one over an amount (minor units). */
export function KycRulesForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.kyc);
  const stored = site.settings.kyc ?? {};
  const [withdrawLevel, setWithdrawLevel] = useState<KycLevel>(stored.withdrawLevel ?? 0);
  const [over, setOver] = useState(stored.over === undefined ? '' : String(stored.over));
  const [overLevel, setOverLevel] = useState<KycLevel>(stored.overLevel ?? 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: { withdrawLevel, over: over.trim() === '' ? null : Number(over), overLevel },
    });
  };
  return (
    <Panel title={t('kyc.rules.title')}>
      <SaveForm state={change} saveLabel={t('kyc.rules.save')} onSubmit={submit}>
        <p className={ui.muted}>{t('kyc.rules.hint')}</p>
        <div className={ui.row}>
          <LevelSelect label={t('kyc.rules.any')} value={withdrawLevel} onChange={setWithdrawLevel} />
          <Field
            label={t('kyc.rules.over')}
            inputMode="numeric"
            pattern="[0-9]*"
            value={over}
            onValue={setOver}
          />
          <LevelSelect label={t('kyc.rules.overNeed')} value={overLevel} onChange={setOverLevel} />
        </div>
      </SaveForm>
    </Panel>
  );
}
