import { currentPlayCurrency } from '../i18n.ts';
import styles from '../play.module.css';
import { chipFace } from './chipFace.ts';

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
          {chipFace(value, currentPlayCurrency())}
        </button>
      ))}
    </fieldset>
  );
}
