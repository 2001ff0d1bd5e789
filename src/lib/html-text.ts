/** What ends a line or a block on screen: its text is kept apart from the next one's. */
const BLOCKS = 'br, p, div, li, tr, td, th, h1, h2, h3, h4, h5, h6, blockquote, pre, hr';

/**
 * The text an HTML fragment shows (an FAQ's answer, a catalogue's description), as export writes it (DECISIONS:
 * "the text shown on screen", not the stored HTML; lib/list-export.ts applies it to a column marked `html`): its text content with blocks kept apart and whitespace
 * collapsed. Parsed by DOMParser into a document of its own, which runs no script and loads nothing, and never
 * inserted into the page; the text of scripts and styles is no text shown.
 */
export function htmlText(html: string): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of body.querySelectorAll('script, style, template, noscript')) hidden.remove();
  for (const block of body.querySelectorAll(BLOCKS)) block.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
