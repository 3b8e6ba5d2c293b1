import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { Money } from '../components/ui/Money.tsx';
import styles from '../features/cashier/cashier.module.css';
import { useSession } from '../features/session/queries.ts';
import { RequireMember } from '../features/session/RequireMember.tsx';

export function CompPage() {
  return (
    <RequireMember>
      <CompExchange />
    </RequireMember>
  );
}

/** Comp (rolling) earned from play, moved to the balance in one step. */
function CompExchange() {
  const { t } = useTranslation(['inbox', 'common']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const session = useSession();
  const [busy, setBusy] = useState(false);

  async function exchange() {
    setBusy(true);
    try {
      await callRoute('roll-to-balance', { code: String(Date.now()) });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await dialog.alert(t('common:msg.msg3032'), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('comp')}</h1>
        <p className={styles.balanceLine}>
          {t('compBalance')} <Money value={session.data?.user.rolling} />
        </p>
        <p className={styles.balanceLine}>
          {t('common:balance')} <Money value={session.data?.user.balance} />
        </p>
        <p className={styles.muted}>{t('compHint')}</p>
        <Button onClick={exchange} disabled={busy}>
          {t('exchange')}
        </Button>
      </section>
    </div>
  );
}
