import { ApiFailure } from '../../api/client.ts';

/** The message key to show for a refused cashier request (SPEC §8: a withdraw wait with ms 'time' is msg2204). */
export function failureMessage(error: unknown, fallback = 'msg2012'): string {
  if (!(error instanceof ApiFailure)) return fallback;
  if (error.status === 'wait') return error.body.ms === 'time' ? 'msg2204' : 'msg2207';
  return error.msg || fallback;
}
