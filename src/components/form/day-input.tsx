import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import type { Ref } from 'react';
import { DATE_INPUT_FORMAT } from '@/lib/format';
import type { Day } from '@/lib/dates';

type DayInputProps = {
  label: string;
  /** The chosen day ('YYYY-MM-DD'), '' before a choice. */
  value: Day;
  onChange: (day: Day) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  /** The earliest and latest days that can be chosen ('YYYY-MM-DD'). */
  minDate?: string;
  maxDate?: string;
  error?: string;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A day from a calendar (Mantine DateInput), shown in the console's date format ('6 Dec 2026') and held as
 * 'YYYY-MM-DD'. Loaded only with the screens that have one: @mantine/dates stays out of every other screen.
 */
export function DayInput({ label, value, onChange, placeholder = 'Select a date', ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      label={label}
      placeholder={placeholder}
      valueFormat={DATE_INPUT_FORMAT}
      // The neighbouring months' days are drawn faded, below AA contrast in both schemes; the arrows reach them.
      hideOutsideDates
      // Mantine draws weekends in red, below AA contrast on either scheme's background; a weekend day is no exception here.
      weekendDays={[]}
      nextLabel="Next month"
      previousLabel="Previous month"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
