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

/** The message key of each refusal that needs nothing but its status to say. */
const MESSAGE_OF = new Map(
  Object.entries({
    balance: 'noFunds',
    session_expired: 'sessionEnded',
    network: 'networkError',
    settling: 'settling',
    // A game switched off, or its vendor under maintenance (demo play follows the catalogue too).
    disabled: 'common:msg.msg2002',
    time: 'common:msg.msg2218',
    no_free_spins: 'promoSpins.none',
    // A seed change while a blackjack hand dealt from the seed is open.
    round_open: 'seeds.roundOpen',
  }),
);

/** A refusal in the player's language (the server's `message` is English, for logs). */
export function errorText(t: PlayT, error: GameError): string {
  if (error.status === 'limit') return limitText(t, error.detail);
  // Above the maximum stake of the member's wagering bonus: the site's message, naming the maximum.
  if (error.status === 'bonus_max_stake')
    return t('common:msg.msg3606', { maxStake: money(Number(error.detail.maxStake ?? 0)) });
  return t(MESSAGE_OF.get(error.status) ?? 'genericError');
}
