import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './games.module.css';

/** The game-loading box (msg2217) while the window opens. */
export function GameLoadingDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: the dialog opens and closes (and gives focus back) with the render that asks
  // for it, before the next tap or keystroke, not a frame later.
  useLayoutEffect(() => {
    if (open && !ref.current?.open) ref.current?.showModal();
    if (!open && ref.current?.open) ref.current.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.loadingDialog} aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{t('msg.msg2217')}</p>
    </dialog>
  );
}
