/** A Mantine Select bound to the surrounding ApiForm by name; '' stands for "nothing chosen". */
import { Select, type SelectProps } from '@mantine/core';
import { useBoundField, type Bound } from './useBoundField';

export function SelectField({ name, onValueChange, ...props }: Bound<SelectProps> & { onValueChange?: (value: string) => void }) {
  const { field, ...bound } = useBoundField(name);
  const { value, onChange, ...input } = field;
  return (
    <Select
      {...props}
      {...input}
      {...bound}
      value={(value as string) || null}
      onChange={(chosen) => {
        onChange(chosen ?? '');
        onValueChange?.(chosen ?? '');
      }}
    />
  );
}
