import { useQuery } from '@tanstack/react-query';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../ui/popups.module.css';
import { callRoute } from '../../api/client.ts';
import { clearClosedPopups, closedKey, hideTodayKey, isHiddenToday } from './popupStorage.ts';

interface Popup {
  id: number;
  title: string;
  titleColor: string;
  contents: string;
  posX: number;
  posY: number;
}

/** The operator's popups as draggable boxes at their positions. */
export function PopupNotices() {
  const popups = useQuery({
    queryKey: ['popups'],
    queryFn: async () => {
      const reply = await callRoute('get-notice-popup', {});
      clearClosedPopups();
      return reply.popups;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [, setVersion] = useState(0);
  const visible = (popups.data ?? []).filter(
    (p) => !isHiddenToday(p.id) && !localStorage.getItem(closedKey(p.id)),
  );
  return (
    <>
      {visible.map((popup, i) => (
        <PopupBox key={popup.id} popup={popup} stack={i} onGone={() => setVersion((v) => v + 1)} />
      ))}
    </>
  );
}

function PopupBox({ popup, stack, onGone }: { popup: Popup; stack: number; onGone(): void }) {
  const { t } = useTranslation();
  const [pos, setPos] = useState({ x: popup.posX, y: popup.posY });
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  // On a narrow screen the box must stay inside it whatever position the operator chose.
  useEffect(() => {
    const width = box.current?.offsetWidth ?? 320;
    setPos((p) => ({ x: Math.max(8, Math.min(p.x, window.innerWidth - width - 8)), y: Math.max(8, p.y) }));
  }, []);
  // The HTML was sanitised by the server's allow-list; the page's CSP refuses any script besides.
  useEffect(() => {
    if (body.current) body.current.innerHTML = popup.contents;
  }, [popup.contents]);

  const onPointerDown = (e: PointerEvent) => {
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag.current) setPos({ x: e.clientX - drag.current.dx, y: e.clientY - drag.current.dy });
  };
  const dismiss = (key: string) => {
    localStorage.setItem(key, String(Date.now()));
    onGone();
  };

  return (
    <div
      ref={box}
      className={styles.popup}
      role="dialog"
      aria-label={popup.title}
      data-testid={`popup-${popup.id}`}
      style={{ left: pos.x, top: pos.y, zIndex: 50 + stack }}
    >
      <div
        className={styles.handle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        style={{ color: popup.titleColor }}
      >
        {popup.title}
      </div>
      <div ref={body} className={styles.body} />
      <div className={styles.actions}>
        <button type="button" data-testid="popup-hide-today" onClick={() => dismiss(hideTodayKey(popup.id))}>
          {t('hideToday')}
        </button>
        <button type="button" onClick={() => dismiss(closedKey(popup.id))}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
