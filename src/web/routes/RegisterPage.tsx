import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from '../../shared/contract/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import styles from './RegisterPage.module.css';

const FIELDS = [
  'id',
  'pw',
  'pwConfirm',
  'nick',
  'phone',
  'bankname',
  'bankOwner',
  'banknum',
  'code',
] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

const HINTS: Partial<Record<Field, string>> = { id: 'idHint', pw: 'pwHint', nick: 'nickHint' };
const INPUT_TYPES: Partial<Record<Field, string>> = { pw: 'password', pwConfirm: 'password', phone: 'tel' };
const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  id: 'username',
  pw: 'new-password',
  pwConfirm: 'new-password',
  nick: 'nickname',
  phone: 'tel',
};

export function RegisterPage() {
  const { t } = useTranslation(['register', 'common']);
  const dialog = useDialog();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Form);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

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
    const { pwConfirm, code, ...rest } = form;
    const body = { ...rest, ...(code.trim() ? { code: code.trim() } : {}) };
    const parsed = routes['user-register'].request.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= t(HINTS[field] ?? 'common:msg.msg3000');
    }
    if (pwConfirm !== form.pw) found.pwConfirm = t('pwMismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    try {
      await callRoute('user-register', body);
      await dialog.alert(t('common:msg.msg3010'), 'success');
      navigate('/');
    } catch (error) {
      if (error instanceof ApiFailure && typeof error.body.field === 'string') {
        setErrors({ [error.body.field as Field]: t(`common:msg.${error.msg}`) });
      }
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.subtitle}>{t('subtitle')}</p>
        {FIELDS.map((field) => (
          <label key={field} className={styles.field}>
            <span className={styles.label}>{t(field)}</span>
            <span className={styles.row}>
              <input
                className={styles.input}
                name={field}
                type={INPUT_TYPES[field] ?? 'text'}
                autoComplete={AUTOCOMPLETE[field] ?? 'off'}
                value={form[field]}
                onChange={(e) => set(field, e.target.value)}
                aria-invalid={errors[field] ? true : undefined}
                maxLength={64}
              />
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
        <Button type="submit" className={styles.submit} disabled={busy}>
          {t('submit')}
        </Button>
        <p className={styles.hint}>{t('haveAccount')}</p>
      </form>
    </section>
  );
}
