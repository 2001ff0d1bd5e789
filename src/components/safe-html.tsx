import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Box, type BoxProps } from '@mantine/core';

// Its own instance, so that the link hook below reaches no other caller of DOMPurify.
const purifier = DOMPurify(window);

/** Link schemes that run or carry content instead of pointing somewhere. */
const UNSAFE_HREF = /^(?:javascript|data|vbscript):/i;
/** Links that hand over to another program rather than open a page. */
const HANDOVER_HREF = /^(?:mailto|tel|sms):/i;

// Stored links must not take the console away, nor give the page they open a handle on it (window.opener).
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A' && node.nodeName !== 'AREA') return;
  // URL parsing ignores control characters and spaces: "java\tscript:" is still javascript:.
  const href = (node.getAttribute('href') ?? '').replace(/[\p{Cc}\s]/gu, '');
  if (UNSAFE_HREF.test(href)) node.removeAttribute('href');
  if (node.hasAttribute('href') && !HANDOVER_HREF.test(href)) node.setAttribute('target', '_blank');
  else node.removeAttribute('target');
  node.setAttribute('rel', 'noopener noreferrer');
});

const CONFIG = {
  USE_PROFILES: { html: true },
  // A stored <style> restyles the whole console and an inline style can cover it or load from other hosts;
  // the rich-text editor writes neither. Form controls in stored text could post what an admin types elsewhere.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea', 'datalist'],
  FORBID_ATTR: ['style'],
  // Stored ids and names get a prefix, so they cannot stand in for the console's own elements.
  SANITIZE_NAMED_PROPS: true,
};

/**
 * The one place stored HTML reaches the page (FAQ answers, settings, policies, descriptions, feedback).
 * DOMPurify removes scripts, event handlers, javascript: URLs and anything else that could run; links open in a
 * new tab without access to the console.
 */
export function SafeHtml({ html, ...boxProps }: { html: string } & BoxProps) {
  const clean = useMemo(() => purifier.sanitize(html, CONFIG), [html]);
  return <Box className="safe-html" {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
