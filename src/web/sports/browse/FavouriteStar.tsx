import { useSportsT } from '../i18n.ts';
import styles from './browse.module.css';
import type { FavouriteKind, Favourites } from './useFavourites.ts';

/** A star that keeps a league or event among the member's favourites (none in a guest's window). */
export function FavouriteStar(props: { favourites: Favourites; kind: FavouriteKind; id: number }) {
  const t = useSportsT();
  if (!props.favourites.enabled) return null;
  const on = (props.kind === 'event' ? props.favourites.events : props.favourites.leagues).has(props.id);
  return (
    <button
      type="button"
      className={on ? styles.starOn : styles.star}
      aria-pressed={on}
      aria-label={on ? t('favourites.remove') : t('favourites.add')}
      title={on ? t('favourites.remove') : t('favourites.add')}
      onClick={() => props.favourites.toggle(props.kind, props.id)}
      data-testid="favourite"
      data-on={on}
    >
      {on ? '★' : '☆'}
    </button>
  );
}
