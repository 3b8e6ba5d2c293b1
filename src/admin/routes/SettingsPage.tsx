import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';
import { AccountsForm } from '../features/settings/AccountsForm.tsx';
import { CashierHoursForm } from '../features/settings/CashierHoursForm.tsx';
import { KycRulesForm } from '../features/settings/KycRulesForm.tsx';
import { LevelsCompForm } from '../features/settings/LevelsCompForm.tsx';
import { MessengerForm } from '../features/settings/MessengerForm.tsx';
import { MoneyRulesForm } from '../features/settings/MoneyRulesForm.tsx';
import { PaymentOptionsPanel } from '../features/settings/PaymentOptionsPanel.tsx';
import { PublicApiOriginsForm } from '../features/settings/PublicApiOriginsForm.tsx';
import { useSettingsChange, useSites } from '../features/settings/queries.ts';
import { parseDomains, SiteForm } from '../features/settings/SiteForm.tsx';

function NewSiteForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.create);
  const [form, , bind] = useTextFields({ code: '', name: '', domains: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { body: { code: form.code, name: form.name, domains: parseDomains(form.domains) } },
      { onSuccess: onDone },
    );
  };
  return (
    <Panel title={t('settings.newSite')}>
      <form className={ui.row} onSubmit={submit}>
        <Field label={t('settings.code')} required pattern="[a-z0-9\-]{2,32}" {...bind('code')} />
        <Field label={t('settings.name')} required maxLength={100} {...bind('name')} />
        <Field label={t('settings.domains')} {...bind('domains')} />
        <Button type="submit" disabled={change.isPending}>
          {t('settings.createSite')}
        </Button>
      </form>
      <Outcome error={change.error} />
    </Panel>
  );
}

/** Per-site settings: domains, currency and cash rules, cashier hours and locks, payment options, levels and comp, member accounts, verification rules, messenger links. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const sites = useSites();
  const [siteId, setSiteId] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);
  const list = sites.data?.sites ?? [];
  const site = list.find((s) => s.id === siteId) ?? list.find((s) => s.isDefault) ?? list[0];
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.settings')}>
        <div className={ui.row}>
          <label className={ui.field}>
            {t('settings.site')}
            <select
              translate="no"
              className={ui.input}
              value={site?.id ?? ''}
              onChange={(e) => setSiteId(Number(e.target.value))}
            >
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.code})
                </option>
              ))}
            </select>
          </label>
          {!adding && (
            <Button variant="ghost" onClick={() => setAdding(true)}>
              {t('settings.newSite')}
            </Button>
          )}
        </div>
      </PageHead>
      {adding && <NewSiteForm onDone={() => setAdding(false)} />}
      <Outcome error={sites.error} />
      {site && (
        // Every form starts from the stored values of the site shown; switching site resets them.
        <div key={site.id} className={ui.page}>
          <div className={ui.grid}>
            <SiteForm site={site} />
            <CashierHoursForm site={site} />
          </div>
          <MoneyRulesForm site={site} />
          <PaymentOptionsPanel site={site} />
          <LevelsCompForm site={site} />
          <AccountsForm site={site} />
          <KycRulesForm site={site} />
          <MessengerForm site={site} />
          <PublicApiOriginsForm site={site} />
        </div>
      )}
    </div>
  );
}
