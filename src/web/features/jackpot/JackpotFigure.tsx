import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';

const ROLL_MS = 900;

/**
 * The pool's amount, rolling from the last amount shown to the new one. It only ever moves between
 * two amounts the server answered, so every tab settles on the same figure. `data-amount` carries
 * the exact amount for tests and assistive tools.
 */
export function JackpotFigure({
  amount,
  currency,
  locale,
  className,
  testId,
}: {
  amount: number;
  /** The pool's currency. */
  currency: string;
  locale: Locale;
  className?: string;
  testId?: string;
}) {
  const [shown, setShown] = useState(amount);
  const from = useRef(amount);

  useEffect(() => {
    const start = from.current;
    if (start === amount) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      from.current = amount;
      setShown(amount);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const p = Math.min(1, (now - began) / ROLL_MS);
      const value = Math.round(start + (amount - start) * (1 - (1 - p) ** 3));
      from.current = value;
      setShown(value);
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [amount]);

  return (
    <span className={className} data-testid={testId} data-amount={amount}>
      {formatMoney(shown, currency, locale)}
    </span>
  );
}
