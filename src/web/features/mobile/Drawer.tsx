import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../components/ui/useModal.ts';
import styles from './mobile.module.css';

/** A phone side panel on the native modal <dialog>: focus trap, Escape and backdrop close it. */
export function Drawer(props: {
  side: 'left' | 'right';
  open: boolean;
  label: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useModal(props.open);
  return (
    <dialog
      ref={ref}
      className={[styles.drawer, styles[props.side]].filter(Boolean).join(' ')}
      aria-label={props.label}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onClick={(e) => e.target === ref.current && props.onClose()}
      onKeyDown={() => {}}
    >
      <div className={styles.drawerHead}>
        <strong>{props.label}</strong>
        <button type="button" className={styles.closeButton} onClick={props.onClose} aria-label={t('close')}>
          ×
        </button>
      </div>
      {/* Closed panels render nothing, so their links and forms do not exist twice on the page. */}
      {props.open && props.children}
    </dialog>
  );
}
