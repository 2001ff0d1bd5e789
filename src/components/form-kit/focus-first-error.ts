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
    if (!request) return;
    // Fields that read the errors through their own subscription (useController) mark themselves invalid a render
    // after the form: the first is looked for once the frame is drawn, and again for a few frames if none is yet.
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) field.focus();
      else if (++tries < 10) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [request]);
  return { formRef, focusFirstError: () => setRequest((count) => count + 1) };
}
