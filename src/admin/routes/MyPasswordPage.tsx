import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import { Field, Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';

/**
 * The signed-in operator's own password: the one an owner handed over stops working, and the
 * operator's other sessions end. Any role may use it.
 */
export default function MyPasswordPage() {
  const { t } = useTranslation();
  const [form, setForm, bind] = useTextFields({ current: '', password: '' });
  const change = useMutation({
    mutationFn: () => adminCall(api.session.password, { body: form }),
    onSuccess: () => setForm({ current: '', password: '' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <div className={ui.page}>
      <PageHead title={t('myPassword.title')} />
      <Panel title={t('myPassword.title')}>
        <form className={ui.form} onSubmit={submit}>
          <Field
            label={t('myPassword.current')}
            type="password"
            autoComplete="current-password"
            required
            {...bind('current')}
          />
          <Field
            label={t('myPassword.new')}
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={128}
            {...bind('password')}
          />
          <Button type="submit" disabled={change.isPending}>
            {t('myPassword.save')}
          </Button>
        </form>
        <Outcome error={change.error} done={change.isSuccess && t('myPassword.saved')} />
      </Panel>
    </div>
  );
}
