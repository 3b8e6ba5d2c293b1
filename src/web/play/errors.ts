import { formatDateTime } from '../../shared/format.ts';
import { limitMsg } from '../../shared/limit-messages.ts';
import { siteZone } from '../features/site/site-zone.ts';
import type { GameError } from './api.ts';
import { money, type PlayT } from './i18n.ts';

/** A refusal by one of the player's own limits: the site's message naming it, with when it resets. */
function limitText(t: PlayT, d: Record<string, unknown>): string {
  const session = d.limit === 'session';
  const amount = Number(d.amount);
  return t(`common:msg.${limitMsg({ limit: String(d.limit), period: String(d.period) })}`, {
    amount: session ? String(amount) : money(amount),
    used: money(Number(d.used ?? 0)),
    resetsAt: typeof d.resetsAt === 'string' ? formatDateTime(d.resetsAt, siteZone()) : '',
  });
}

/** A refusal in the player's language (the server's `message` is English, for logs). */
export function errorText(t: PlayT, error: GameError): string {
  switch (error.status) {
    case 'balance':
      return t('noFunds');
    case 'session_expired':
      return t('sessionEnded');
    case 'network':
      return t('networkError');
    case 'limit':
      return limitText(t, error.detail);
    case 'settling':
      return t('settling');
    // A game switched off, or its vendor under maintenance (demo play follows the catalogue too).
    case 'disabled':
      return t('common:msg.msg2002');
    case 'time':
      return t('common:msg.msg2218');
    case 'no_free_spins':
      return t('promoSpins.none');
    default:
      return t('genericError');
  }
}
