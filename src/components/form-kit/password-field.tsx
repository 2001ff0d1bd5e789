import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId, type Ref } from 'react';

/**
 * Mantine's PasswordInput, with its error announced as every other input's is: Mantine marks the field in error
 * only by its colour, so the input gets aria-invalid and is described by the message here, and by its description
 * (a rule stated above the field) too.
 */
export function PasswordField({
  ref,
  error,
  ...props
}: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [props.description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      {...props}
      ref={ref}
      id={props.id ?? id}
      error={error}
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
}
