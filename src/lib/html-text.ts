/** The text a reader sees of stored HTML (a list's CSV value for it): no tags, no scripts, whitespace collapsed. */
export function htmlText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const hidden of body.querySelectorAll('script, style, template, noscript')) hidden.remove();
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
