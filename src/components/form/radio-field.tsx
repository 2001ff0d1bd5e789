import { Group, Radio } from '@mantine/core';
import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';

/**
 * Mantine's Radio.Group bound to a form field, showing the field's error: one choice of a few, chosen with the arrow
 * keys as well as the mouse. In error, its radios say so (aria-invalid, which Mantine leaves off a group's radios), so
 * that a refused submit focuses the first of them when the choice is the first field in error
 * (form-kit/focus-first-error.ts).
 */
export function RadioField<T extends FieldValues>({
  name,
  control,
  label,
  options,
}: Pick<UseControllerProps<T>, 'name' | 'control'> & {
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  return (
    <Radio.Group
      name={name}
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      error={fieldState.error?.message}
    >
      <Group mt="xs">
        {options.map((option, index) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            onBlur={onBlur}
            aria-invalid={fieldState.invalid || undefined}
            ref={index === 0 ? ref : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
