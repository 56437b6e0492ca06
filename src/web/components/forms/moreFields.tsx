/** Further inputs bound to the surrounding ApiForm by name, for the back-office forms. */
import { Switch, Textarea, type SwitchProps, type TextareaProps } from '@mantine/core';
import { useBoundField, type Bound } from './useBoundField';

export function TextareaField({ name, ...props }: Bound<TextareaProps>) {
  const { field, ...bound } = useBoundField(name);
  return <Textarea autosize minRows={2} {...props} {...field} value={field.value as string} {...bound} />;
}

/** A 0/1 flag held as the text '1' or '0', as a form posts it. */
export function SwitchField({ name, ...props }: Omit<Bound<SwitchProps>, 'checked'>) {
  const { field, error, wrapperProps } = useBoundField(name);
  const { value, onChange, ...input } = field;
  return (
    <div {...wrapperProps}>
      <Switch {...props} {...input} checked={value === '1'} onChange={(event) => onChange(event.currentTarget.checked ? '1' : '0')} error={error} />
    </div>
  );
}
