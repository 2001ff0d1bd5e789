import { Select, type SelectProps } from '@mantine/core';
import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { STATUS_OPTIONS } from '@/components/form-kit/schema-parts';

type SelectFieldProps<T extends FieldValues> = UseControllerProps<T> &
  Omit<SelectProps, 'value' | 'defaultValue' | 'onChange' | 'error' | 'name'>;

/** Mantine Select bound to a form field, showing the field's error. */
export function SelectField<T extends FieldValues>({
  name,
  control,
  rules,
  defaultValue,
  ...selectProps
}: SelectFieldProps<T>) {
  const {
    field: { ref: inputRef, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control, rules, defaultValue });
  return (
    <Select
      {...selectProps}
      ref={inputRef}
      name={name}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={fieldState.error?.message}
      allowDeselect={false}
    />
  );
}

/** The Status select every resource form has: Active = true, Inactive = false. */
export function StatusField<T extends FieldValues>(props: Omit<SelectFieldProps<T>, 'data' | 'label'>) {
  return <SelectField {...props} label="Status" placeholder="Select status" data={STATUS_OPTIONS} />;
}
