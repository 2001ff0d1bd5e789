import { Textarea } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useTextFieldProps, type TextFieldProps } from './text-field';

/** A text field of `rows` lines (useTextFieldProps); Mantine's Textarea loads only with the forms that show one. */
export function TextAreaField<T extends FieldValues>({
  rows,
  ...field
}: TextFieldProps<T> & { rows: number }) {
  return <Textarea {...useTextFieldProps(field)} rows={rows} />;
}
