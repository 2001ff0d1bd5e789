import { createContext, useContext } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { fileRefusal, type UploadLimit } from '@/lib/field-limits';
import { REFUSED_CHOICE } from './use-form-controller';

/** The files refused when chosen, by field, that the form controller's resolver counts as errors (ControlledForm). */
export const RefusedChoices = createContext<Map<string, string> | null>(null);

/**
 * A file field's value and its choice: a file of a kind or size the server refuses is refused the moment it is
 * chosen, with the server's words under the field, and is not kept (the form holds what it held before); the
 * refusal stands, and the form is not sent, until another choice or Clear.
 */
export function useFileChoice<T extends FieldValues>(name: Path<T>, limit: UploadLimit, label: string) {
  const form = useFormContext<T>();
  const refused = useContext(RefusedChoices);
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState,
  } = useController({ name, control: form.control });
  const chosen: unknown = value;
  const file = chosen instanceof File ? chosen : null;

  function choose(next: File | null) {
    const refusal = next ? fileRefusal(next, limit, label) : undefined;
    if (refusal) {
      refused?.set(name, refusal);
      form.setError(name, { type: REFUSED_CHOICE, message: refusal });
      return false;
    }
    refused?.delete(name);
    form.clearErrors(name);
    onChange(next);
    return true;
  }

  return { file, choose, inputRef, onBlur, error: fieldState.error?.message };
}
