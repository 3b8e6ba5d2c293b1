import styles from './games.module.css';

/** A vendor or game tile: artwork, name, and a badge when it cannot be played now. */
export function GameTile(props: {
  name: string;
  imgUrl: string;
  badge?: string | undefined;
  /** Above the fold on a phone: fetched at once and first, not when scrolled to (the page's LCP). */
  priority?: boolean;
  onOpen(): void;
}) {
  return (
    <button type="button" className={styles.tile} onClick={props.onOpen}>
      <img
        src={props.imgUrl}
        alt=""
        loading={props.priority ? 'eager' : 'lazy'}
        fetchPriority={props.priority ? 'high' : 'auto'}
        width={320}
        height={240}
      />
      <span className={styles.tileName}>{props.name}</span>
      {props.badge && <span className={styles.badge}>{props.badge}</span>}
    </button>
  );
}
