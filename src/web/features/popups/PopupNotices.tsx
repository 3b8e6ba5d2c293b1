import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { type PointerEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../ui/popups.module.css';
import { callRoute } from '../../api/client.ts';
import { cascadePopups, clampToArea, POPUP_MARGIN, type Point, popupArea } from './popupPlacement.ts';
import { clearClosedPopups, closedKey, hideTodayKey, isHidden } from './popupStorage.ts';

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
    queryKey: ['popups', i18next.language],
    queryFn: async () => {
      const reply = await callRoute('get-notice-popup', {});
      clearClosedPopups();
      return reply.popups;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [, setVersion] = useState(0);
  const visible = (popups.data ?? []).filter(
    (p) => !isHidden(p.id) && !localStorage.getItem(closedKey(p.id)),
  );
  // Only with popups to show: the server renders the guest home without any (and without a window).
  const starts =
    visible.length === 0
      ? []
      : cascadePopups(
          visible.map((p) => ({ x: p.posX, y: p.posY })),
          Math.min(340, window.innerWidth - 16),
          popupArea(),
        );
  return (
    <>
      {visible.map((popup, i) => (
        <PopupBox
          key={popup.id}
          popup={popup}
          start={starts[i]!}
          stack={i}
          onGone={() => setVersion((v) => v + 1)}
        />
      ))}
    </>
  );
}

function PopupBox({
  popup,
  start,
  stack,
  onGone,
}: {
  popup: Popup;
  /** The operator's position, kept inside the screen and below earlier popups' title bars. */
  start: Point;
  stack: number;
  onGone(): void;
}) {
  const { t } = useTranslation();
  // Inside the screen from the first frame; `place` below refines it with the box's real size.
  const [pos, setPos] = useState<Point>(start);
  const [maxHeight, setMaxHeight] = useState<number>();
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  /** Where the box should be: where it started, then wherever the player dragged it. */
  const wanted = useRef<Point>(start);

  /**
   * Keeps the whole box inside the window and above the phone tab bar. It always starts from the
   * wanted position, so a layout seen while the page was still loading cannot push the box for good.
   */
  const place = useCallback((dragged?: Point) => {
    const el = box.current;
    if (!el) return;
    const area = popupArea();
    setMaxHeight(area.height - (area.top ?? 0) - 2 * POPUP_MARGIN);
    const next = clampToArea(
      dragged ?? wanted.current,
      { width: el.offsetWidth, height: el.offsetHeight },
      area,
    );
    if (dragged) wanted.current = next;
    setPos(next);
  }, []);

  // The HTML was sanitised by the server's allow-list; the page's CSP refuses any script besides.
  // Set before the box is first painted (a layout effect, before the placement's): text arriving a
  // frame later pushed the box's buttons down, a layout shift.
  useLayoutEffect(() => {
    if (body.current) body.current.innerHTML = popup.contents;
  }, [popup.contents]);
  // On mount, whenever the box changes size (its content loaded) and whenever the screen does; before
  // the first paint, so the box is drawn where it stays.
  useLayoutEffect(() => {
    place();
    const onResize = () => place();
    window.addEventListener('resize', onResize);
    const observer = new ResizeObserver(onResize);
    if (box.current) observer.observe(box.current);
    // The page around it still laying out (styles arriving) moves the tab bar: place again then too.
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', onResize);
      observer.disconnect();
    };
  }, [place]);

  const onPointerDown = (e: PointerEvent) => {
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag.current) place({ x: e.clientX - drag.current.dx, y: e.clientY - drag.current.dy });
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
      style={{ left: pos.x, top: pos.y, maxHeight, zIndex: 50 + stack }}
    >
      <div
        className={styles.handle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        style={{ color: popup.titleColor }}
        translate="no"
      >
        {popup.title}
      </div>
      <div ref={body} className={styles.body} translate="no" />
      <div className={styles.actions}>
        <button type="button" data-testid="popup-hide-today" onClick={() => dismiss(hideTodayKey(popup.id))}>
          {t('hideFor8Hours')}
        </button>
        <button type="button" onClick={() => dismiss(closedKey(popup.id))}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
