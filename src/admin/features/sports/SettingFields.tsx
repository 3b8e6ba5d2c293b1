import { Field } from '../../components/Field.tsx';

/**
 * One of the book's settings in an uncontrolled form: its form name, label, stored value and, for a
 * required whole number, its bounds (without bounds it is an amount typed in major units; blank: none),
 * and the id of the help text that explains it.
 */
export type SettingField = readonly [
  name: string,
  label: string,
  value: number | string,
  bounds?: readonly [min: number, max: number],
  help?: string,
];

/** The settings' inputs, one labelled field each, in the order given. */
export function SettingFields({ fields }: { fields: SettingField[] }) {
  return fields.map(([name, label, value, bounds, help]) =>
    bounds ? (
      <Field
        key={name}
        label={label}
        name={name}
        type="number"
        min={bounds[0]}
        max={bounds[1]}
        required
        aria-describedby={help}
        defaultValue={value}
      />
    ) : (
      <Field
        key={name}
        label={label}
        name={name}
        inputMode="decimal"
        aria-describedby={help}
        defaultValue={value}
      />
    ),
  );
}
