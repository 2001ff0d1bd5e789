import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

export const SEARCH_MIN_LENGTH = 3;

/** SPEC 5: a search applies from 3 characters, or when cleared to empty; anything in between waits. */
export function applicableSearch(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
}

/**
 * A list's search box. What is typed stays local and reaches `apply` (the URL) once it is applicable and the
 * typing has paused. After any navigation whose search is not the one this box last applied (back/forward, a menu
 * link, even one that lands before our own update did), the box shows the URL's search and drops what was still
 * waiting, so a stale keystroke never re-applies itself.
 */
export function useSearchBox(applied: string, apply: (value: string) => void, delayMs = 300) {
  const { key: navigation } = useLocation();
  const [text, setText] = useState(applied);
  const pushed = useRef(applied);

  const applyLater = useDebouncedCallback((value: string) => {
    const next = applicableSearch(value);
    if (next !== null && next !== pushed.current) {
      pushed.current = next;
      apply(next);
    }
  }, delayMs);

  useEffect(() => {
    if (applied === pushed.current) return;
    pushed.current = applied;
    applyLater.cancel();
    setText(applied);
  }, [navigation, applied, applyLater]);

  const change = (value: string) => {
    setText(value);
    applyLater(value);
  };

  return [text, change] as const;
}
