import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { useSiteZone } from '../site/site.ts';
import support from '../support/support.module.css';
import styles from './account.module.css';
import { SESSIONS_KEY, useActiveSessions } from './queries.ts';

/** A short name for a browser from its user agent: enough to recognise one's own devices. */
function deviceName(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const os =
    /Android|iPhone|iPad|Windows|Mac OS X|Linux/.exec(userAgent)?.[0]?.replace('Mac OS X', 'Mac') ?? '';
  const browser = /(Edg|Chrome|Firefox|Safari)\//.exec(userAgent)?.[1]?.replace('Edg', 'Edge') ?? '';
  return [browser, os].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}

/** My page: the member's signed-in devices, and "sign out all other devices". */
export function SessionsPanel() {
  const { t } = useTranslation(['account', 'common']);
  const zone = useSiteZone();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const sessions = useActiveSessions().data ?? [];

  async function signOutOthers() {
    try {
      await callRoute('user-sessions-end-others', {});
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      await dialog.alert(t('common:msg.msg3524'), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    }
  }

  return (
    <section className={support.card} aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title">{t('sessionsTitle')}</h2>
      <div>
        {sessions.map((s) => (
          <div key={s.id} className={styles.device}>
            <span translate="no">
              {deviceName(s.userAgent, t('unknownDevice'))}
              {s.current && <span className={styles.current}> · {t('thisDevice')}</span>}
            </span>
            <small>
              {s.ip ?? '-'} · {t('lastSeen', { date: formatDateTime(s.lastSeenAt, zone) })}
            </small>
          </div>
        ))}
      </div>
      <Button variant="ghost" onClick={signOutOthers} disabled={sessions.length < 2}>
        {t('signOutOthers')}
      </Button>
    </section>
  );
}
