import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { DayInput } from './day-input';

type DateFieldProps<T extends FieldValues> = UseControllerProps<T> & {
  label: string;
  /** The earliest day that can be chosen ('YYYY-MM-DD'). */
  minDate?: string;
};

/** A form's day (DayInput), held as 'YYYY-MM-DD' ('' before a choice), showing the field's error. */
export function DateField<T extends FieldValues>({ name, control, label, minDate }: DateFieldProps<T>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  return (
    <DayInput
      ref={ref}
      name={name}
      label={label}
      minDate={minDate}
      value={(value as string) || ''}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
