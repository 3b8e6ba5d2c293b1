import { MSG } from '../../../shared/messages.ts';
import { HHMM } from '../../../shared/vocabulary.ts';
import { errors } from '../../http/errors.ts';
import { siteTimeZone } from '../sites/site-settings.ts';
import { minutesInZone } from '../sites/site-time.ts';
import type { CashierWindow } from '../sites/sites.schema.ts';
import type { Site } from '../sites/sites.service.ts';
import type { CashRequestKind } from './cashier.schema.ts';

export interface DeskState {
  locked: boolean;
  open: boolean;
  hours: { open: string; close: string } | null;
  timezone: string;
}

export { HHMM };

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether the deposit or withdrawal desk of a site takes requests at `now`. */
export function deskState(site: Site, kind: CashRequestKind, now = new Date()): DeskState {
  const window: CashierWindow = site.settings[kind] ?? {};
  const timezone = siteTimeZone(site.settings);
  const hasHours = window.open && window.close && HHMM.test(window.open) && HHMM.test(window.close);
  const hours = hasHours ? { open: window.open!, close: window.close! } : null;
  let open = !window.locked;
  if (open && hours && hours.open !== hours.close) {
    const t = minutesInZone(now, timezone);
    const from = minutesOf(hours.open);
    const to = minutesOf(hours.close);
    // An overnight window (22:00-06:00) wraps past midnight.
    open = from < to ? t >= from && t < to : t >= from || t < to;
  }
  return { locked: Boolean(window.locked), open, hours, timezone };
}

export function assertDeskOpen(site: Site, kind: CashRequestKind, now = new Date()): void {
  if (deskState(site, kind, now).open) return;
  throw errors.closedNow(
    `${kind === 'deposit' ? 'deposits' : 'withdrawals'} are closed at this time`,
    kind === 'deposit' ? MSG.depositClosed : MSG.withdrawClosed,
  );
}
