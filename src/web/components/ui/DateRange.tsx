import { DateField } from './DateField.tsx';

interface Props {
  from: string;
  to: string;
  onFrom(day: string): void;
  onTo(day: string): void;
  fromLabel: string;
  toLabel: string;
  /** DateField's pattern and calendar tooltip in the page's language. */
  placeholder: string;
  pickLabel: string;
  /** Each label's class, where the form's own style does not reach its labels. */
  className?: string;
  required?: boolean;
}

/**
 * A period: a from day and a to day, each bounding the other's calendar and what may be typed (the
 * history filters, My bets, the activity statement).
 */
export function DateRange({
  from,
  to,
  onFrom,
  onTo,
  fromLabel,
  toLabel,
  className,
  required,
  ...texts
}: Props) {
  const ends = [
    { id: 'from', label: fromLabel, value: from, onChange: onFrom, bounds: { max: to || undefined } },
    { id: 'to', label: toLabel, value: to, onChange: onTo, bounds: { min: from || undefined } },
  ];
  return ends.map(({ id, label, value, onChange, bounds }) => (
    <label key={id} className={className}>
      {label}
      <DateField value={value} onChange={onChange} required={required} {...bounds} {...texts} />
    </label>
  ));
}
