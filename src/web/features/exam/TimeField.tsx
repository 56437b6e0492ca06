/**
 * A time of day on the 24-hour clock (HH:MM), shown in the interface's digits (০৯:৩০ in Bengali) and
 * kept in ASCII digits, as the server stores it; "930", "9.30" or "৯:৩০" become 09:30 when the field is left.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { toAsciiDigits } from '../../../common/validation';
import { useBoundField, type Bound } from '../../components/forms/useBoundField';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { normalizeTime } from './examForm';

export function TimeField({ name, ...props }: Bound<TextInputProps>) {
  const lang = useLanguage();
  const { field, ...bound } = useBoundField(name);
  const value = (field.value as string | undefined) ?? '';
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...props}
      {...field}
      value={localizeDigits(value, lang)}
      onChange={(event) => {
        const input = event.currentTarget;
        const shown = localizeDigits(input.value, lang);
        // Digits change one for one: the caret stays where the user is typing.
        if (shown !== input.value) {
          const { selectionStart, selectionEnd } = input;
          input.value = shown;
          input.setSelectionRange(selectionStart, selectionEnd);
        }
        field.onChange(toAsciiDigits(input.value));
      }}
      onBlur={() => {
        if (value) field.onChange(normalizeTime(value));
        field.onBlur();
      }}
      {...bound}
    />
  );
}
