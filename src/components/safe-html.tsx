import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Box, type BoxProps } from '@mantine/core';

// Links that open a new tab must not hand it window.opener.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * The one place stored HTML reaches the page (FAQ answers, settings, policies, descriptions).
 * DOMPurify removes scripts, event handlers, javascript: URLs and anything else that could run.
 */
export function SafeHtml({ html, ...boxProps }: { html: string } & BoxProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <Box className="safe-html" {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
