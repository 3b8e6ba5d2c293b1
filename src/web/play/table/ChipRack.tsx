import styles from '../play.module.css';

/** A chip's face: 5K, 1M. */
export const chipFace = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}K` : String(n);

/**
 * The table games' chips. With `chosen`, a chip is picked (the one pressed) and placed by clicking the
 * layout (baccarat, roulette); without it, each click adds the chip to the bet (blackjack).
 */
export function ChipRack(props: {
  chips: number[];
  label: string;
  chosen?: number;
  disabled?: boolean;
  onChip(value: number): void;
}) {
  const picking = props.chosen !== undefined;
  return (
    <fieldset className={styles.chips} aria-label={props.label}>
      {props.chips.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={picking ? props.chosen === value : undefined}
          className={
            picking ? `${styles.chip} ${props.chosen === value ? styles.chipActive : ''}` : styles.chip
          }
          onClick={() => props.onChip(value)}
          disabled={props.disabled}
        >
          {chipFace(value)}
        </button>
      ))}
    </fieldset>
  );
}
