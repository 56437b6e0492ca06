/**
 * Text inputs bound to the surrounding ApiForm by name. SelectField lives in its own module so
 * screens without a select (the login screen) do not load the dropdown machinery.
 */
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useBoundField, type Bound } from './useBoundField';

export function TextField({ name, ...props }: Bound<TextInputProps>) {
  const { field, ...bound } = useBoundField(name);
  return <TextInput {...props} {...field} value={field.value as string} {...bound} />;
}

export function PasswordField({ name, ...props }: Bound<PasswordInputProps>) {
  const { field, ...bound } = useBoundField(name);
  return <PasswordInput {...props} {...field} value={field.value as string} {...bound} />;
}
