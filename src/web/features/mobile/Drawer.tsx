import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: the dialog opens and closes (and gives focus back) with the render that asks
  // for it, before the next tap or keystroke, not a frame later.
  useLayoutEffect(() => {
    if (props.open && !ref.current?.open) ref.current?.showModal();
    if (!props.open && ref.current?.open) ref.current.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`${styles.drawer} ${styles[props.side]}`}
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
