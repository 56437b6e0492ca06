/** A Mantine MultiSelect bound to the surrounding ApiForm by name; the value is the list of chosen values (ids as text). */
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useBoundField, type Bound } from './useBoundField';

export function MultiSelectField({ name, ...props }: Bound<MultiSelectProps>) {
  const { field, ...bound } = useBoundField(name);
  const { value, onChange, ...input } = field;
  return <MultiSelect {...props} {...input} {...bound} value={(value as string[] | undefined) ?? []} onChange={onChange} />;
}
