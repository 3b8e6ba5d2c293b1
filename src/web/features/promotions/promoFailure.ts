import { ApiFailure } from '../../api/client.ts';

/** The message key for a refused promotion step: msg3600–msg3609, or the protection module's own. */
export function promoFailure(error: unknown, fallback = 'msg2012'): string {
  return error instanceof ApiFailure && error.msg ? error.msg : fallback;
}
