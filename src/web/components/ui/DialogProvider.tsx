import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import styles from './Dialog.module.css';

export type DialogKind = 'info' | 'success' | 'warning' | 'error';

interface DialogRequest {
  kind: DialogKind;
  text: string;
  confirm: boolean;
  resolve(ok: boolean): void;
}

interface DialogApi {
  /** Shows a message; resolves when the member closes it. */
  alert(text: string, kind?: DialogKind): Promise<void>;
  /** Asks a yes/no question; resolves true on OK. */
  confirm(text: string): Promise<boolean>;
}

const DialogContext = createContext<DialogApi | null>(null);
const ICONS: Record<DialogKind, string> = { info: 'ℹ', success: '✓', warning: '!', error: '✕' };

/** The site's own alert and confirm boxes, in its look and language, instead of the browser's. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const current = queue[0];
  const okRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const open = useCallback(
    (kind: DialogKind, text: string, confirm: boolean) =>
      new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind, text, confirm, resolve }])),
    [],
  );
  const api: DialogApi = {
    alert: async (text, kind = 'info') => {
      await open(kind, text, false);
    },
    confirm: (text) => open('warning', text, true),
  };
  const close = (ok: boolean) => {
    current?.resolve(ok);
    setQueue((q) => q.slice(1));
  };

  // A modal <dialog> traps focus, blocks the page and closes on Escape (onCancel).
  // A layout effect: the dialog opens and closes (and gives focus back) with the render that asks
  // for it, before the next tap or keystroke, not a frame later.
  useLayoutEffect(() => {
    if (!current) return;
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
    okRef.current?.focus();
  }, [current]);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && (
        <dialog
          ref={dialogRef}
          className={`${styles.dialog} ${styles[current.kind]}`}
          aria-labelledby="dialog-text"
          onCancel={(e) => {
            e.preventDefault();
            close(false);
          }}
        >
          <div className={styles.icon} aria-hidden="true">
            {ICONS[current.kind]}
          </div>
          <p id="dialog-text" className={styles.text}>
            {current.text}
          </p>
          <div className={styles.actions}>
            {current.confirm && (
              <Button variant="ghost" onClick={() => close(false)}>
                {t('cancel')}
              </Button>
            )}
            <Button ref={okRef} onClick={() => close(true)}>
              {t('ok')}
            </Button>
          </div>
        </dialog>
      )}
    </DialogContext.Provider>
  );
}

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog needs a DialogProvider');
  return api;
}
