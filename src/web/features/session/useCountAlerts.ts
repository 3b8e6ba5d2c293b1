import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { forgetAlerted, rememberAlerted, wasAlerted } from './alertMemory.ts';
import { useSession } from './queries.ts';

const ALERTS = [
  { count: 'noteCount', path: '/note', msg: 'msg2003' },
  { count: 'helpCount', path: '/help', msg: 'msg2004' },
] as const;

/**
 * After each health check: a nonzero note or help count alerts once per login (SPEC §4), not again
 * on the next page load, unless the member is already on that page; confirming goes there. Once the
 * count drops to zero, a later new note alerts again.
 */
export function useCountAlerts() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();

  useEffect(() => {
    const data = session.data;
    if (!data) return;
    for (const alert of ALERTS) {
      const count = data[alert.count];
      if (count === 0) forgetAlerted(alert.count);
      if (count === 0 || wasAlerted(alert.count) || location.pathname === alert.path) continue;
      rememberAlerted(alert.count);
      void dialog.confirm(t(`msg.${alert.msg}`)).then((ok) => ok && navigate(alert.path));
    }
  }, [session.data, location.pathname, dialog, navigate, t]);
}
