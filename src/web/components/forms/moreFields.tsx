/** Further inputs bound to the surrounding ApiForm by name, for the back-office forms. */
import {
  Checkbox,
  Group,
  Radio,
  Switch,
  Textarea,
  TextInput,
  type CheckboxProps,
  type RadioGroupProps,
  type SwitchProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
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

/**
 * A box to tick, held as '1' or '0' like SwitchField. `errorText` replaces the schema's message
 * when the field has one (a declaration says what ticking it means, not 'this field is required').
 */
export function CheckboxField({ name, errorText, ...props }: Omit<Bound<CheckboxProps>, 'checked'> & { errorText?: string }) {
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const { value, onChange, ...input } = field;
  return (
    <div {...wrapperProps}>
      <Checkbox
        {...props}
        {...input}
        required={withAsterisk}
        checked={value === '1'}
        onChange={(event) => onChange(event.currentTarget.checked ? '1' : '0')}
        error={error ? (errorText ?? error) : undefined}
      />
    </div>
  );
}

/** One of a few choices, all in view (a tap, not a dropdown, on a phone). */
export function RadioGroupField({
  name,
  options,
  ...props
}: Omit<Bound<RadioGroupProps>, 'children'> & { options: readonly { value: string; label: ReactNode }[] }) {
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const { value, onChange, onBlur, ref } = field;
  return (
    <Radio.Group {...props} value={(value as string) ?? ''} onChange={onChange} error={error} withAsterisk={withAsterisk} wrapperProps={wrapperProps}>
      <Group gap="lg" mt={6} mih={36}>
        {options.map((option, index) => (
          <Radio key={option.value} value={option.value} label={option.label} onBlur={onBlur} ref={index === 0 ? ref : undefined} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * English names 'forced to upper case as typed' (spec §5): the letters become capitals at once, and
 * the caret stays where the user is typing.
 */
export function UpperTextField({ name, ...props }: Bound<TextInputProps>) {
  const { field, ...bound } = useBoundField(name);
  return (
    <TextInput
      autoCapitalize="characters"
      spellCheck={false}
      lang="en"
      {...props}
      {...field}
      value={field.value as string}
      onChange={(event) => {
        const input = event.currentTarget;
        const upper = input.value.toLocaleUpperCase('en-US');
        if (upper !== input.value) {
          const { selectionStart, selectionEnd, value: typed } = input;
          input.value = upper;
          // Same length (nearly always): the caret stays put; otherwise it goes to the end.
          if (upper.length === typed.length) input.setSelectionRange(selectionStart, selectionEnd);
        }
        field.onChange(upper);
      }}
      {...bound}
    />
  );
}
