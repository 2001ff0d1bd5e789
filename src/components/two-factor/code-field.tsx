import type { FieldValues, Path } from 'react-hook-form';
import { useTextFieldProps } from '../form/text-field';
import { CodeInput } from './code-input';
import { TWO_FACTOR_TEXT } from './strings';

/** A ControlledForm's field for a code from the authenticator app (CodeInput). */
export function CodeField<T extends FieldValues>({ name }: { name: Path<T> }) {
  const {
    maxLength: _max,
    description: _description,
    ...field
  } = useTextFieldProps<T>({
    name,
    label: TWO_FACTOR_TEXT.codeLabel,
  });
  return <CodeInput {...field} />;
}
