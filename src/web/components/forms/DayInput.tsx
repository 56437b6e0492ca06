/**
 * The date field's input (its own lazy chunk with @mantine/dates): Mantine's DateInput with every word
 * and digit of the field and its calendar in the interface language (calendar.ts), typing accepted day
 * first in either digits, and the value kept as the API's YYYY-MM-DD.
 */
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, type DayOfWeek } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { calendarLabels, parseDay } from '../../i18n/calendar';

export type DayInputProps = Omit<DateInputProps, 'value' | 'onChange'> & { value: string; onChange: (day: string) => void };

/** Bangladesh's weekend: Friday and Saturday. */
const WEEKEND: DayOfWeek[] = [5, 6];

export default function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { t } = useTranslation();
  const labels = calendarLabels(useLanguage());
  return (
    <DateInput
      placeholder={t('dates.placeholder')}
      {...props}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      valueFormat={labels.value}
      dateParser={parseDay}
      renderDay={(day) => labels.dayNumber(day)}
      getDayAriaLabel={labels.dayName}
      weekdayFormat={labels.weekday}
      monthLabelFormat={labels.month}
      monthsListFormat={labels.monthOfList}
      yearLabelFormat={labels.year}
      yearsListFormat={labels.year}
      decadeLabelFormat={labels.decade}
      firstDayOfWeek={0}
      weekendDays={WEEKEND}
      ariaLabels={{
        monthLevelControl: t('dates.chooseMonth'),
        yearLevelControl: t('dates.chooseYear'),
        nextMonth: t('dates.nextMonth'),
        previousMonth: t('dates.previousMonth'),
        nextYear: t('dates.nextYear'),
        previousYear: t('dates.previousYear'),
        nextDecade: t('dates.nextDecade'),
        previousDecade: t('dates.previousDecade'),
      }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
