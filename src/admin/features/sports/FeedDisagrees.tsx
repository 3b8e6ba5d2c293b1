import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { TradingMarket } from '../../api/types.ts';
import ui from '../../components/ui.module.css';
import { feedOutcomeText, feedOutcomeWords, feedWordOf, resultText, resultWords } from './result-check.ts';
import styles from './trading.module.css';

/**
 * What the feed said otherwise than the desk's result on a market the desk settled. The desk's result
 * stands (no bet moved); the trader corrects it to follow the feed, or keeps it and dismisses this.
 */
export function FeedDisagrees({
  market,
  names,
  busy,
  onDismiss,
}: {
  market: TradingMarket;
  names: ReadonlyMap<string, string>;
  busy: boolean;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const word = feedWordOf(market.feedDisagrees);
  if (!word) return null;
  const words = feedOutcomeWords(t);
  const said =
    word.kind === 'settlement'
      ? t('trading.market.feed.settlement', {
          outcomes: word.outcomes.map((o) => feedOutcomeText(o, names.get(o.key) ?? o.key, words)).join(', '),
        })
      : word.kind === 'result'
        ? t('trading.market.feed.result', { result: resultText(word.result, names, resultWords(t)) })
        : t(`trading.market.feed.${word.kind}`);
  return (
    <div className={styles.proposal} role="status" data-testid={`feed-disagrees-${market.id}`}>
      <span className={styles.proposalText}>{said}</span>
      <Button variant="ghost" className={ui.small} disabled={busy} onClick={onDismiss}>
        {t('trading.market.feed.keepDesk')}
      </Button>
    </div>
  );
}
