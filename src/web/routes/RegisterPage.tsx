import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../shared/contract/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { DateField } from '../components/ui/DateField.tsx';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { rememberLogin } from '../features/session/queries.ts';
import { useSiteRules } from '../features/session/useSiteRules.ts';
import styles from './RegisterPage.module.css';

const FIELDS = [
  'id',
  'pw',
  'pwConfirm',
  'nick',
  'email',
  'phone',
  'birthDate',
  'bankname',
  'bankOwner',
  'banknum',
  'code',
] as const;
type Field = (typeof FIELDS)[number] | 'terms';
type Form = Record<(typeof FIELDS)[number], string>;

const HINTS: Partial<Record<Field, string>> = { id: 'idHint', pw: 'pwHint', nick: 'nickHint' };
const INPUT_TYPES: Partial<Record<Field, string>> = {
  pw: 'password',
  pwConfirm: 'password',
  phone: 'tel',
  email: 'email',
};
const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  id: 'username',
  pw: 'new-password',
  pwConfirm: 'new-password',
  nick: 'nickname',
  phone: 'tel',
  email: 'email',
  birthDate: 'bday',
};

export function RegisterPage() {
  const { t } = useTranslation(['register', 'common']);
  const dialog = useDialog();
  const site = useSiteRules().data;
  const [form, setForm] = useState<Form>(() => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Form);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const banks = site?.banks ?? [];

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function checkAvailability(field: 'id' | 'nick') {
    const route = field === 'id' ? 'check-user-id' : 'check-user-nick';
    try {
      const reply =
        field === 'id'
          ? await callRoute(route, { id: form.id })
          : await callRoute(route, { nick: form.nick });
      await dialog.alert(t(`common:msg.${reply.msg}`), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { pwConfirm, code, email, ...rest } = form;
    const body = {
      ...rest,
      ...(code.trim() ? { code: code.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      terms: terms as true,
      ...(site ? { termsVersion: site.termsVersion } : {}),
    };
    const parsed = routes['user-register'].request.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= t(HINTS[field] ?? 'common:msg.msg3000');
    }
    if (pwConfirm !== form.pw) found.pwConfirm = t('pwMismatch');
    if (site?.emailRequired && !email.trim()) found.email = t('common:msg.msg3501');
    if (!terms) found.terms = t('common:msg.msg3503');
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    try {
      const reply = await callRoute('user-register', body);
      // Registered and logged in (issue 31): straight to the home page, signed in.
      rememberLogin(reply.userId);
      await dialog.alert(t('common:msg.msg3010'), 'success');
      window.location.assign('/');
    } catch (error) {
      const params = error instanceof ApiFailure ? error.body : {};
      if (error instanceof ApiFailure && typeof error.body.field === 'string') {
        setErrors({ [error.body.field as Field]: t(`common:msg.${error.msg}`, params) });
      }
      await dialog.alert(
        t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`, params),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  const label = (field: (typeof FIELDS)[number]) =>
    field === 'email' && !site?.emailRequired ? t('emailOptional') : t(field);

  return (
    <section className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.subtitle}>{t('subtitle')}</p>
        {FIELDS.map((field) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: the control is a select or an input, both inside
          <label key={field} className={styles.field}>
            <span className={styles.label}>{label(field)}</span>
            <span className={styles.row}>
              {field === 'bankname' && banks.length > 0 ? (
                <select
                  className={styles.input}
                  name={field}
                  value={form[field]}
                  onChange={(e) => set(field, e.target.value)}
                  aria-invalid={errors[field] ? true : undefined}
                >
                  <option value="">{t('bankChoose')}</option>
                  {banks.map((bank) => (
                    <option key={bank} value={bank} translate="no">
                      {bank}
                    </option>
                  ))}
                </select>
              ) : field === 'birthDate' ? (
                <DateField
                  className={styles.input}
                  name={field}
                  autoComplete={AUTOCOMPLETE[field]}
                  value={form[field]}
                  onChange={(day) => set(field, day)}
                  aria-invalid={errors[field] ? true : undefined}
                  min="1900-01-01"
                  max={new Date().toISOString().slice(0, 10)}
                  placeholder={t('common:datePlaceholder')}
                  pickLabel={t('common:pickDate')}
                />
              ) : (
                <input
                  className={styles.input}
                  name={field}
                  type={INPUT_TYPES[field] ?? 'text'}
                  autoComplete={AUTOCOMPLETE[field] ?? 'off'}
                  value={form[field]}
                  onChange={(e) => set(field, e.target.value)}
                  aria-invalid={errors[field] ? true : undefined}
                  maxLength={field === 'email' ? 254 : 64}
                />
              )}
              {(field === 'id' || field === 'nick') && (
                <Button variant="ghost" onClick={() => checkAvailability(field)} disabled={!form[field]}>
                  {t('check')}
                </Button>
              )}
            </span>
            {errors[field] ? (
              <span className={styles.error} role="alert">
                {errors[field]}
              </span>
            ) : (
              HINTS[field] && <span className={styles.hint}>{t(HINTS[field])}</span>
            )}
          </label>
        ))}
        <label className={styles.check}>
          <input
            type="checkbox"
            name="terms"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              setErrors((errs) => ({ ...errs, terms: undefined }));
            }}
          />
          <span>{t('terms', { minAge: site?.minAge ?? 18, version: site?.termsVersion ?? '1' })}</span>
        </label>
        {errors.terms && (
          <span className={styles.error} role="alert">
            {errors.terms}
          </span>
        )}
        <Button type="submit" className={styles.submit} disabled={busy}>
          {t('submit')}
        </Button>
        <p className={styles.hint}>{t('haveAccount')}</p>
      </form>
    </section>
  );
}
