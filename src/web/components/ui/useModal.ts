import { useLayoutEffect, useRef } from 'react';

/**
 * A native modal <dialog> shown while `open`: showModal() gives it the focus trap, Escape and the
 * backdrop, close() gives the focus back. In a layout effect, so that it opens and closes with the
 * render that asks for it, before the next tap or keystroke: on Preact a passive effect runs a frame
 * later, and a closing dialog then took the focus from the field being typed in.
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return ref;
}
