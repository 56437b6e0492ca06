/**
 * A calendar day bound to the surrounding ApiForm by name, its value the API's YYYY-MM-DD ('' for none),
 * shown and typed in the interface language (the native date input shows the browser's mm/dd/yyyy
 * whatever the page's language). The calendar arrives as a lazy chunk; meanwhile the same box shows
 * the day, read-only.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLanguage } from '../../i18n';
import { calendarLabels } from '../../i18n/calendar';
import { useBoundField, type Bound } from './useBoundField';

const DayInput = lazy(() => import('./DayInput'));

type DateFieldProps = Bound<Pick<TextInputProps, 'label' | 'description' | 'w'>> & {
  /** The last day that may be chosen (YYYY-MM-DD): a deposit is not made tomorrow. */
  maxDate?: string;
};

export function DateField({ name, maxDate, ...props }: DateFieldProps) {
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const { value, onChange, ...input } = field;
  const labels = calendarLabels(useLanguage());
  const day = (value as string) ?? '';
  const shared = { ...props, error, withAsterisk, wrapperProps };
  return (
    <Suspense fallback={<TextInput {...shared} value={day ? labels.value(day) : ''} readOnly />}>
      <DayInput
        {...shared}
        {...input}
        value={day}
        onChange={onChange}
        maxDate={maxDate}
        // An optional day is undone with the clear button (or by emptying the box).
        clearable={!withAsterisk}
      />
    </Suspense>
  );
}
