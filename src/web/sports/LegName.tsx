import type { Bet } from '../../shared/contract/sports-api.ts';
import { useSportsT } from './i18n.ts';
import { legPick } from './labels.ts';

/** A placed leg: its event as the book names it, then its market and selection in the member's language. */
export function LegName({ leg }: { leg: Bet['legs'][number] }) {
  const t = useSportsT();
  return (
    <span data-testid="leg-name">
      <span translate="no">{leg.event}</span> · {legPick(t, leg)}
    </span>
  );
}
