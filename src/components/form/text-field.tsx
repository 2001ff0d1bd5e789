import { Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';

/** From this share of its maximum on, a field counts its characters. */
const COUNT_FROM = 0.9;

/**
 * A text field of a ControlledForm: one line, or `rows` lines. With `max` (the server's limit, lib/field-limits.ts)
 * it takes no more characters than that, and near the limit says how many it holds.
 */
export function TextField<T extends FieldValues>({
  name,
  label,
  max,
  rows,
  type,
  autoComplete,
  onTyped,
}: {
  name: Path<T>;
  label: string;
  max?: number | undefined;
  rows?: number;
  type?: 'email';
  autoComplete?: string;
  /** Before the form takes a typed value (a slug that follows its title). */
  onTyped?: (value: string) => void;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : '';
  const counted = max !== undefined && value.length >= max * COUNT_FROM;
  const props = {
    ref: field.ref,
    name: field.name,
    label,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onTyped?.(event.target.value);
      field.onChange(event);
    },
    onBlur: field.onBlur,
    maxLength: max,
    description: counted
      ? `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`
      : undefined,
    error: fieldState.error?.message,
  };
  return rows ? (
    <Textarea {...props} rows={rows} />
  ) : (
    <TextInput {...props} type={type} autoComplete={autoComplete} />
  );
}
