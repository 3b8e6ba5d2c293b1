import type { GameError } from './api.ts';
import type { PlayT } from './i18n.ts';

/** A refusal in the player's language (the server's `message` is English, for logs). */
export function errorText(t: PlayT, error: GameError): string {
  switch (error.status) {
    case 'balance':
      return t('noFunds');
    case 'session_expired':
      return t('sessionEnded');
    case 'network':
      return t('networkError');
    case 'settling':
      return t('settling');
    default:
      return t('genericError');
  }
}
