import type { MsgKey } from '../../../shared/messages.ts';

/** SPEC §5, checked before anything is sent (the server checks the same again). */
export function depositProblem(amount: number): MsgKey | null {
  if (!(amount > 0)) return 'msg2007';
  if (amount < 10_000) return 'msg2008';
  if (amount % 10_000 !== 0) return 'msg2009';
  return null;
}

export function withdrawProblem(amount: number): MsgKey | null {
  if (!Number.isInteger(amount) || amount % 10_000 !== 0) return 'msg2013';
  if (amount < 10_000) return 'msg2014';
  return null;
}
