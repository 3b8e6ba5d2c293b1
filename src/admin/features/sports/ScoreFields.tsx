import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import styles from './trading.module.css';

/** A score as the desk types it: home and away goals, side by side. */
export function ScoreFields(props: {
  home: string;
  away: string;
  onHome: (value: string) => void;
  onAway: (value: string) => void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const field = (label: string, value: string, onChange: (value: string) => void) => (
    <Field
      label={label}
      type="number"
      min={0}
      className={`${ui.input} ${styles.narrow}`}
      value={value}
      required={props.required}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <>
      {field(t('event.home'), props.home, props.onHome)}
      {field(t('event.away'), props.away, props.onAway)}
    </>
  );
}
