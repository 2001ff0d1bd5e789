import { describe, expect, it } from 'vitest';
import { htmlText } from './html-text';

describe('htmlText', () => {
  it('is the text the HTML shows: tags gone, entities read, blocks kept apart, whitespace collapsed', () => {
    expect(
      htmlText(
        '<p>Open <b>Settings</b>,&nbsp;then\n  <i>Privacy</i>.</p><p>Tap&amp;hold</p><ul><li>one</li><li>two</li></ul>line<br>break',
      ),
    ).toBe('Open Settings, then Privacy. Tap&hold one two line break');
  });

  it('leaves plain text as it is, and an empty answer empty', () => {
    expect(htmlText('Just text, no tags')).toBe('Just text, no tags');
    expect(htmlText('')).toBe('');
    expect(htmlText('<p> </p>')).toBe('');
  });

  it('writes no script or style text, and runs nothing: the HTML never reaches the page', () => {
    const before = document.body.innerHTML;
    const text = htmlText(
      '<style>p { color: red }</style><p>Shown</p><script>window.__htmlTextRan = true</script><img src="x" onerror="window.__htmlTextRan = true">',
    );
    expect(text).toBe('Shown');
    expect(document.body.innerHTML).toBe(before);
    expect(Reflect.get(window, '__htmlTextRan')).toBeUndefined();
  });
});
