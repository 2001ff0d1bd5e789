import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';

type DateFieldProps<T extends FieldValues> = UseControllerProps<T> & {
  label: string;
  /** The earliest day that can be chosen ('YYYY-MM-DD'). */
  minDate?: string;
};

/**
 * A day from a calendar (Mantine DateInput), held as 'YYYY-MM-DD' ('' before a choice), showing the field's error.
 * Loaded only with the forms that have one: @mantine/dates stays out of every other screen.
 */
export function DateField<T extends FieldValues>({ name, control, label, minDate }: DateFieldProps<T>) {
  const {
    field: { ref: inputRef, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  return (
    <DateInput
      ref={inputRef}
      name={name}
      label={label}
      placeholder="Select a date"
      valueFormat="DD MMM YYYY"
      minDate={minDate}
      // The neighbouring months' days are drawn faded, below AA contrast in both schemes; the arrows reach them.
      hideOutsideDates
      // Mantine draws weekends in red, below AA contrast on either scheme's background; a weekend day is no exception here.
      weekendDays={[]}
      nextLabel="Next month"
      previousLabel="Previous month"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      value={(value as string) || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
