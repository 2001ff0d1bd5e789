import { useEffect, useRef, useState } from 'react';

/**
 * Focuses the first field in error in the order the form shows them, once the errors are on screen: after a submit
 * that validation refused, or after the server refused a field. react-hook-form's own shouldFocusError follows
 * registration order instead (inputs registered by the form itself come before its Controller fields), so forms
 * turn it off and put the returned ref on their <form>.
 */
export function useFocusFirstError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  return { formRef, focusFirstError: () => setRequest((count) => count + 1) };
}
