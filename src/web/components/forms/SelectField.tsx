/**
 * A Mantine Select bound to the surrounding ApiForm by name; '' stands for "nothing chosen". Choosing
 * the option already chosen keeps it (Mantine's default clears it, and with it a division's district and
 * upazila), and only a real change is reported to `onValueChange`.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useBoundField, type Bound } from './useBoundField';

export function SelectField({ name, onValueChange, ...props }: Bound<SelectProps> & { onValueChange?: (value: string) => void }) {
  const { field, ...bound } = useBoundField(name);
  const { value, onChange, ...input } = field;
  return (
    <Select
      allowDeselect={false}
      // An optional choice is undone with the clear button instead.
      clearable={!bound.withAsterisk}
      {...props}
      {...input}
      {...bound}
      value={(value as string) || null}
      onChange={(chosen) => {
        if ((chosen ?? '') === ((value as string) || '')) return;
        onChange(chosen ?? '');
        onValueChange?.(chosen ?? '');
      }}
    />
  );
}
