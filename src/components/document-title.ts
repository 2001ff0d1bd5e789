import { useEffect } from 'react';

export const APP_NAME = 'Admin Console';

/** Names the browser tab after the screen: "Users · Admin Console" (WCAG 2.4.2). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
