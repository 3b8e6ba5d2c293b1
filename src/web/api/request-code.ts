import { useRef } from 'react';
import { answerLost } from './answer-lost.ts';

const fresh = () => `${Date.now()}`;

/**
 * The idempotency code of a money request (a withdrawal, a deposit, a vault move, a comp exchange).
 * Each new request takes a new code, so a double submit applies once; after a lost answer (no reply,
 * a server failure) the member's retry sends the same code, so a request that did go through is not
 * made twice. Renewed only once the server answered: a success or its word that nothing moved.
 */
export class RequestCode {
  current = fresh();

  /** Call with the request's outcome: nothing after a success, the error after a failure. */
  answered(error?: unknown): void {
    if (error === undefined || !answerLost(error)) this.current = fresh();
  }
}

/** A component's RequestCode, kept across renders. */
export function useRequestCode(): RequestCode {
  const code = useRef<RequestCode | null>(null);
  code.current ??= new RequestCode();
  return code.current;
}
