import { useEffect, useRef } from 'react';

/**
 * After a submit that validation refused, focuses the first field in error in the order the form shows them.
 * For forms whose fields register in another order than they render (react-hook-form's own shouldFocusError
 * follows registration: inputs registered by the form itself come before its Controller fields); such a form
 * turns shouldFocusError off and puts the returned ref on its <form>.
 */
export function useFocusFirstError({
  submitCount,
  isSubmitSuccessful,
}: {
  submitCount: number;
  isSubmitSuccessful: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!submitCount || isSubmitSuccessful) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitSuccessful]);
  return formRef;
}
