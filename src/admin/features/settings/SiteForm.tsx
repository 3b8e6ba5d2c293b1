import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { SiteView } from '../../api/types.ts';
import { Check, Field, TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';

/** Host names typed one per line (or separated by commas or spaces). */
export const parseDomains = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The site's yes-or-no settings, one checkbox each. */
const SITE_SWITCHES = ['registrationOpen', 'referralRequired', 'testPayments'] as const;

/** The site's name, the host names that reach it, and whether it takes registrations. */
export function SiteForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.update);
  const [form, setForm, bind] = useTextFields({
    name: site.name,
    domains: site.domains.join('\n'),
    registrationOpen: site.summary.registrationOpen,
    referralRequired: site.summary.referralRequired,
    testPayments: site.settings.testPayments === true,
    sportsBetsOnBreak: site.settings.sportsBetsOnBreak ?? 'keep',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: { ...form, domains: parseDomains(form.domains) },
    });
  };
  return (
    <Panel title={t('settings.siteAndDomains')}>
      <SaveForm state={change} saveLabel={t('settings.saveSite')} onSubmit={submit}>
        <Field label={t('settings.siteName')} required maxLength={100} {...bind('name')} />
        <TextArea
          label={site.isDefault ? t('settings.domainsDefault') : t('settings.domainsLines')}
          rows={3}
          {...bind('domains')}
        />
        {SITE_SWITCHES.map((key) => (
          <Check
            key={key}
            label={t(`settings.${key}`)}
            checked={form[key]}
            onChecked={(on) => setForm({ ...form, [key]: on })}
          />
        ))}
        <label className={ui.field}>
          {t('settings.betsOnBreak')}
          <select
            value={form.sportsBetsOnBreak}
            onChange={(e) => setForm({ ...form, sportsBetsOnBreak: e.target.value as 'keep' | 'cancel' })}
            data-testid="sports-bets-on-break"
          >
            <option value="keep">{t('settings.betsKeep')}</option>
            <option value="cancel">{t('settings.betsCancel')}</option>
          </select>
        </label>
      </SaveForm>
    </Panel>
  );
}
