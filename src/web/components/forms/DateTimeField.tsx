/**
 * A day and a time of day bound to the surrounding ApiForm by name (a page's publish time), its value
 * 'YYYY-MM-DDTHH:mm' as the API takes it ('' for none), shown in the interface language: the day as
 * DateField shows it, the time on the 24-hour clock in the language's digits ('১৪:৩০'), as the
 * interface writes times (the browser's datetime-local input shows mm/dd/yyyy and AM/PM).
 */
import { Group, Input, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { calendarLabels, parseTime } from '../../i18n/calendar';
import { localizeDigits } from '../../i18n/format';
import { useBoundField } from './useBoundField';

const DayInput = lazy(() => import('./DayInput'));

export function DateTimeField({ name, label, description }: { name: string; label: string; description?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const labels = calendarLabels(lang);
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const { value, onChange, onBlur, ref } = field;
  const [day = '', time = ''] = ((value as string) || '').split('T');
  // What is being typed in the time box, until it leaves (a half-typed time is not a value).
  const [typing, setTyping] = useState<string | null>(null);
  const join = (nextDay: string, nextTime: string) => onChange(nextDay || nextTime ? `${nextDay}T${nextTime}` : '');
  const dayLabel = `${label}: ${t('dates.day')}`;
  const timeLabel = `${label}: ${t('dates.time')}`;

  return (
    <Input.Wrapper {...wrapperProps} label={label} description={description} error={error} withAsterisk={withAsterisk} labelElement="div">
      <Group gap="xs" align="flex-start" mt={4} wrap="nowrap" maw={420}>
        <Suspense fallback={<TextInput value={day ? labels.value(day) : ''} readOnly aria-label={dayLabel} style={{ flex: 1 }} />}>
          <DayInput
            value={day}
            onChange={(next) => join(next, time)}
            onBlur={onBlur}
            ref={ref}
            aria-label={dayLabel}
            error={Boolean(error)}
            style={{ flex: 1 }}
          />
        </Suspense>
        <TextInput
          value={typing ?? localizeDigits(time, lang)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTyping(text);
            const parsed = parseTime(text);
            if (parsed) join(day, parsed);
          }}
          onBlur={() => {
            setTyping(null);
            onBlur();
          }}
          placeholder={t('dates.timePlaceholder')}
          aria-label={timeLabel}
          inputMode="numeric"
          autoComplete="off"
          error={Boolean(error)}
          w={110}
        />
      </Group>
    </Input.Wrapper>
  );
}
