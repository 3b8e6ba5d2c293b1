import styles from '../play.module.css';

type Action = { label: string; onClick(): void; disabled: boolean };

/** Under a table game's chips: clear, optionally repeat the last bet, the bet so far, and the deal or spin. */
export function BetBar(props: {
  clear: Action;
  repeat?: Action;
  totalLabel: string;
  total: string;
  totalTestId?: string;
  go: Action;
}) {
  return (
    <div className={styles.controls}>
      {[props.clear, props.repeat].map(
        (action) =>
          action && (
            <button
              key={action.label}
              type="button"
              className={styles.ghost}
              onClick={action.onClick}
              disabled={action.disabled}
            >
              {action.label}
            </button>
          ),
      )}
      <div className={styles.betValue}>
        <small>{props.totalLabel}</small>
        <strong data-testid={props.totalTestId}>{props.total}</strong>
      </div>
      <button type="button" className={styles.spin} onClick={props.go.onClick} disabled={props.go.disabled}>
        {props.go.label}
      </button>
    </div>
  );
}
