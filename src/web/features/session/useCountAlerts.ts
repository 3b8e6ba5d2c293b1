import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { useSession } from './queries.ts';

const ALERTS = [
  { count: 'noteCount', path: '/note', msg: 'msg2003' },
  { count: 'helpCount', path: '/help', msg: 'msg2004' },
] as const;

/**
 * After each health check: a nonzero note or help count alerts once (until it drops to zero
 * again), unless the member is already on that page; confirming goes there (SPEC §4).
 */
export function useCountAlerts() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const shown = useRef<Record<string, boolean>>({});

  useEffect(() => {
    const data = session.data;
    if (!data) return;
    for (const alert of ALERTS) {
      const count = data[alert.count];
      if (count === 0) shown.current[alert.count] = false;
      if (count === 0 || shown.current[alert.count] || location.pathname === alert.path) continue;
      shown.current[alert.count] = true;
      void dialog.confirm(t(`msg.${alert.msg}`)).then((ok) => ok && navigate(alert.path));
    }
  }, [session.data, location.pathname, dialog, navigate, t]);
}
