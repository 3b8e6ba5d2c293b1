import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { useSession } from './queries.ts';

/** A link to a member page: a guest gets the warning msg2001 and stays where they are (SPEC §2). */
export function GuardedLink(props: {
  to: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const session = useSession();
  const onClick = (event: MouseEvent) => {
    if (session.data) {
      props.onNavigate?.();
      return;
    }
    event.preventDefault();
    void dialog.alert(t('msg.msg2001'), 'warning');
  };
  return (
    <NavLink to={props.to} className={props.className} onClick={onClick}>
      {props.children}
    </NavLink>
  );
}
