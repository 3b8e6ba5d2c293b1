// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { TradingMarket } from '../../api/types.ts';
import { adminRenderer } from '../../test-support/render.tsx';
import { FeedDisagrees } from './FeedDisagrees.tsx';

const { render } = adminRenderer();

const market = (feedDisagrees: unknown) => ({ id: 5, feedDisagrees }) as unknown as TradingMarket;
const names = new Map([
  ['home', 'Home FC'],
  ['draw', 'Draw'],
  ['1/1', '1/1'],
]);

describe('the desk: what the feed says otherwise than the desk’s result', () => {
  it('names each outcome as the feed settled it (won, lost, void, a dead heat, a share void) and keeps the desk’s result on request', async () => {
    const onDismiss = vi.fn();
    const page = await render(
      <FeedDisagrees
        market={market({
          kind: 'settlement',
          at: '2026-01-02T03:04:05.000Z',
          outcomes: [
            { key: 'home', won: true, certainty: 2 },
            { key: 'draw', won: false },
            { key: 'away', won: false, voidFactor: '1' },
            { key: '1/1', won: true, deadHeat: '0.5' },
            { key: 'over', won: true, voidFactor: '0.5' },
          ],
        })}
        names={names}
        busy={false}
        onDismiss={onDismiss}
      />,
    );
    const shown = page.querySelector('[data-testid="feed-disagrees-5"]');
    expect(shown?.textContent).toContain(
      'The feed settles otherwise: Home FC won, Draw lost, away void, 1/1 won, dead heat 0.5, over won (0.5 of the stake void).',
    );
    const keep = shown?.querySelector('button') as HTMLButtonElement;
    expect(keep.textContent).toBe('Keep the desk’s result');
    keep.click();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('tells a rollback, a cancel or a whole result of the feed’s, and shows nothing while the feed agrees', async () => {
    const rolled = await render(
      <FeedDisagrees market={market({ kind: 'rollback' })} names={names} busy={false} onDismiss={() => {}} />,
    );
    expect(rolled.textContent).toContain('The feed took back its settlement of this market.');
    const cancelled = await render(
      <FeedDisagrees market={market({ kind: 'cancel' })} names={names} busy={false} onDismiss={() => {}} />,
    );
    expect(cancelled.textContent).toContain('The feed cancelled this market.');
    const result = await render(
      <FeedDisagrees
        market={market({ kind: 'result', result: { kind: 'score', home: 2, away: 1 } })}
        names={names}
        busy={false}
        onDismiss={() => {}}
      />,
    );
    expect(result.textContent).toContain('The feed’s result is 2–1.');
    for (const nothing of [null, {}, { kind: 'settlement', outcomes: [] }]) {
      const page = await render(
        <FeedDisagrees market={market(nothing)} names={names} busy={false} onDismiss={() => {}} />,
      );
      expect(page.querySelector('[data-testid="feed-disagrees-5"]')).toBeNull();
    }
  });
});
