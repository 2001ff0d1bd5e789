import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';

/** From this share of its maximum on, a field counts its characters. */
const COUNT_FROM = 0.9;

export type TextFieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  max?: number | undefined;
  /** Before the form takes a typed value (a slug that follows its title). */
  onTyped?: (value: string) => void;
  /** A hint under the label; near the limit the count follows it. */
  hint?: string;
  /** Marked as required (the schema says what is missing). */
  required?: boolean;
};

/**
 * What a text field of a ControlledForm passes to its Mantine input, one line or several (text-area-field.tsx). With
 * `max` (the server's limit, lib/field-limits.ts) it takes no more characters than that, and near the limit says how
 * many it holds.
 */
export function useTextFieldProps<T extends FieldValues>({
  name,
  label,
  max,
  onTyped,
  hint,
  required,
}: TextFieldProps<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : '';
  const counted = max !== undefined && value.length >= max * COUNT_FROM;
  const count = counted
    ? `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`
    : undefined;
  return {
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
    required,
    description: hint && count ? `${hint} · ${count}` : (hint ?? count),
    error: fieldState.error?.message,
  };
}

/** A one-line text field of a ControlledForm (useTextFieldProps). */
export function TextField<T extends FieldValues>({
  type,
  autoComplete,
  ...field
}: TextFieldProps<T> & { type?: 'email'; autoComplete?: string }) {
  return <TextInput {...useTextFieldProps(field)} type={type} autoComplete={autoComplete} />;
}
