import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { SiteView } from '../../api/types.ts';
import { Field, Select, TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';

type Channel = 'email' | 'sms';
/** Shown when the site stores none (the server's defaults: DEFAULT_MIN_AGE, DEFAULT_TERMS_VERSION). */
const DEFAULT_MIN_AGE = 18;
const DEFAULT_TERMS_VERSION = '1';
const TERMS_VERSION = /^[\w.-]{1,32}$/;
/** An ISO 3166 code; the server also refuses a country whose phone numbering it does not know. */
const COUNTRY = /^[A-Za-z]{2}$/;

const bankLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What the form would send, or the locale keys of what is wrong: checked here with the server's
 * own limits so the owner reads which field to fix rather than the contract's wording.
 */
function check(form: { minAge: string; termsVersion: string; banks: string; phoneCountry: string }) {
  const problems: { key: string; values?: Record<string, string | number> }[] = [];
  const minAge = Number(form.minAge.trim());
  if (!/^\d+$/.test(form.minAge.trim()) || minAge < 16 || minAge > 99)
    problems.push({ key: 'settings.errMinAge' });
  const termsVersion = form.termsVersion.trim();
  if (!TERMS_VERSION.test(termsVersion)) problems.push({ key: 'settings.errTerms' });
  const phoneCountry = form.phoneCountry.trim().toUpperCase();
  if (phoneCountry && !COUNTRY.test(phoneCountry)) problems.push({ key: 'settings.errPhoneCountry' });
  const banks = bankLines(form.banks);
  for (const name of banks.filter((b) => b.length > 40))
    problems.push({ key: 'settings.errBankName', values: { name } });
  if (banks.length > 100) problems.push({ key: 'settings.errBankCount', values: { n: banks.length } });
  // Left empty, the site keeps what it has (unset: the install's SMS_DEFAULT_COUNTRY).
  return { problems, body: { minAge, termsVersion, banks, ...(phoneCountry ? { phoneCountry } : {}) } };
}

/**
 * The site's account rules (issue 32): where recovery codes go, the country its members' phone numbers
 * are read in for SMS, the minimum age, the terms version, the banks.
 */
export function AccountsForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.accounts);
  const stored = site.settings;
  const [channel, setChannel] = useState<Channel>(stored.recoveryChannel ?? 'sms');
  const [form, , bind] = useTextFields({
    minAge: String(stored.minAge ?? DEFAULT_MIN_AGE),
    termsVersion: stored.termsVersion || DEFAULT_TERMS_VERSION,
    banks: (stored.banks ?? []).join('\n'),
    phoneCountry: stored.phoneCountry ?? '',
  });
  const [problems, setProblems] = useState<ReturnType<typeof check>['problems']>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(form);
    setProblems(checked.problems);
    if (checked.problems.length === 0) {
      change.mutate({ params: { id: site.id }, body: { recoveryChannel: channel, ...checked.body } });
    }
  };
  return (
    <Panel title={t('settings.accounts')}>
      <SaveForm
        state={{
          error: change.error,
          isSuccess: problems.length === 0 && change.isSuccess,
          isPending: change.isPending,
        }}
        saveLabel={t('settings.saveAccounts')}
        onSubmit={submit}
        noValidate
      >
        <p className={ui.muted}>{t('settings.accountsHint')}</p>
        <div className={ui.row}>
          <Select
            label={t('settings.recoveryChannel')}
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
          >
            <option value="sms">{t('settings.recoverySms')}</option>
            <option value="email">{t('settings.recoveryEmail')}</option>
          </Select>
          <Field
            label={t('settings.phoneCountry')}
            translate="no"
            maxLength={2}
            autoCapitalize="characters"
            aria-invalid={problems.some((p) => p.key === 'settings.errPhoneCountry')}
            {...bind('phoneCountry')}
          />
          <Field
            label={t('settings.minAge')}
            inputMode="numeric"
            aria-invalid={problems.some((p) => p.key === 'settings.errMinAge')}
            {...bind('minAge')}
          />
          <Field
            label={t('settings.termsVersion')}
            translate="no"
            maxLength={40}
            aria-invalid={problems.some((p) => p.key === 'settings.errTerms')}
            {...bind('termsVersion')}
          />
        </div>
        <TextArea label={t('settings.banks')} translate="no" rows={5} {...bind('banks')} />
        {problems.length > 0 && (
          <ul className={ui.error} role="alert" data-testid="accounts-problems">
            {problems.map((p) => (
              <li key={p.key + JSON.stringify(p.values ?? {})}>{t(p.key, p.values ?? {})}</li>
            ))}
          </ul>
        )}
      </SaveForm>
    </Panel>
  );
}
