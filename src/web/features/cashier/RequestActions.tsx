import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { SESSION_KEY } from '../session/queries.ts';
import styles from './cashier.module.css';
import { failureMessage } from './failureMessage.ts';
import type { Kind } from './queries.ts';

/** A pending request's own actions: cancel it (after a confirm), or resume a card or coin payment still open. */
export function RequestActions({ kind, id, resumable }: { kind: Kind; id: number; resumable: boolean }) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cash-requests', kind] }),
      queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
    ]);

  async function cancel() {
    if (!(await dialog.confirm(t('confirmCancel')))) return;
    setBusy(true);
    try {
      await callRoute(kind === 'deposit' ? 'user-cancel-deposit' : 'user-cancel-withdraw', { id });
      await refresh();
      await dialog.alert(t('common:msg.msg3050'), 'success');
    } catch (error) {
      await refresh();
      await dialog.alert(t(`common:msg.${failureMessage(error)}`), 'warning');
    } finally {
      setBusy(false);
    }
  }

  async function resume() {
    // The payment page must open inside the click, or the browser blocks it.
    const payWindow = window.open('', '_blank');
    try {
      const { launcherUrl } = await callRoute('resume-deposit-payment', { id });
      if (payWindow) payWindow.location.href = launcherUrl;
      else window.location.href = launcherUrl;
    } catch (error) {
      payWindow?.close();
      await refresh();
      await dialog.alert(t(`common:msg.${failureMessage(error)}`), 'warning');
    }
  }

  return (
    <span className={styles.rowActions}>
      {resumable && (
        <button type="button" className={styles.rowAction} onClick={resume}>
          {t('resumePayment')}
        </button>
      )}
      <button type="button" className={styles.rowAction} disabled={busy} onClick={cancel}>
        {t('cancelRequest')}
      </button>
    </span>
  );
}
