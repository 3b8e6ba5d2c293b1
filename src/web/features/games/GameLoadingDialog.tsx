import { useTranslation } from 'react-i18next';
import { useModal } from '../../components/ui/useModal.ts';
import styles from './games.module.css';

/** The game-loading box (msg2217) while the window opens. */
export function GameLoadingDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const ref = useModal(open);
  return (
    <dialog ref={ref} className={styles.loadingDialog} aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{t('msg.msg2217')}</p>
    </dialog>
  );
}
