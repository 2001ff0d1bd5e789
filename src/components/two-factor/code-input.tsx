import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { TWO_FACTOR_TEXT } from './strings';

/**
 * The field for a code from an authenticator app: six digits, the keypad on phones, and `one-time-code` so browsers
 * and password managers offer to fill it. `recovery` takes a recovery code instead (letters and digits).
 */
export function CodeInput({
  recovery = false,
  ref,
  ...props
}: TextInputProps & { recovery?: boolean; ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label={recovery ? TWO_FACTOR_TEXT.recoveryLabel : TWO_FACTOR_TEXT.codeLabel}
      description={recovery ? TWO_FACTOR_TEXT.recoveryDescription : TWO_FACTOR_TEXT.codeDescription}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      pattern={recovery ? undefined : '[0-9]*'}
      autoCapitalize={recovery ? 'characters' : undefined}
      spellCheck={false}
      maxLength={recovery ? 40 : 6}
      {...props}
      ref={ref}
    />
  );
}

/** The code fields' rule: six digits (spaces ignored). */
export const isTotpCode = (value: string) => /^\d{6}$/.test(value.replace(/\s+/g, ''));
