import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId, type Ref } from 'react';

/**
 * Mantine's PasswordInput, with its error announced as every other input's is: Mantine marks the field in error
 * only by its colour, so the input gets aria-invalid and is described by the message here.
 */
export function PasswordField({
  ref,
  error,
  ...props
}: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <PasswordInput
      {...props}
      ref={ref}
      id={props.id ?? id}
      error={error}
      errorProps={{ id: errorId }}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    />
  );
}
