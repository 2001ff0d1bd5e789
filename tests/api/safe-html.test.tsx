import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { SafeHtml } from '@/components/safe-html';
import { allPayloads, PAYLOADS } from '../../e2e/xss-payloads';

function renderHtml(html: string) {
  const { container } = render(
    <MantineProvider env="test">
      <SafeHtml html={html} data-testid="stored" />
    </MantineProvider>,
  );
  return container.querySelector<HTMLElement>('.safe-html')!;
}

const RUNNABLE =
  'script, iframe, frame, object, embed, svg, math, form, input, button, select, textarea, style, link, meta, base, noscript';
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'srcdoc',
  'poster',
  'background',
];

/** What in a rendered tree could run, load, restyle the page or take it elsewhere. */
function hazards(root: ParentNode) {
  const found: string[] = [];
  for (const element of root.querySelectorAll(RUNNABLE)) found.push(`<${element.tagName.toLowerCase()}>`);
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on') || name === 'style') found.push(`${name}="${value}"`);
      if (
        URL_ATTRIBUTES.includes(name) &&
        /^\s*(?:javascript|data|vbscript):/i.test(value.replace(/\s/g, ''))
      )
        found.push(`${name}="${value}"`);
    }
  }
  return found;
}

describe('SafeHtml', () => {
  it.each(PAYLOADS.map((payload) => [payload.id, payload.name, payload.html] as const))(
    'payload %i (%s) leaves nothing that runs, loads, restyles or posts, even once parsed again',
    (_id, _name, html) => {
      const rendered = renderHtml(html);
      expect(hazards(rendered)).toEqual([]);
      // Mutation XSS: markup that is harmless once can turn hostile when its serialisation is parsed again.
      const reparsed = document.createElement('div');
      reparsed.innerHTML = rendered.innerHTML;
      expect(hazards(reparsed)).toEqual([]);
    },
  );

  it('keeps the formatting an admin writes', () => {
    renderHtml(
      '<h2>Refunds</h2><p>Within <strong>14 days</strong>, <em>no questions</em>.</p><ul><li>Cards</li><li>PayPal</li></ul><blockquote>Quoted</blockquote><img src="/uploads/a.png" alt="Receipt">',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument();
    expect(screen.getByText('14 days').tagName).toBe('STRONG');
    expect(screen.getByText('no questions').tagName).toBe('EM');
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cards', 'PayPal']);
    expect(screen.getByText('Quoted').tagName).toBe('BLOCKQUOTE');
    expect(screen.getByRole('img', { name: 'Receipt' })).toHaveAttribute('src', '/uploads/a.png');
  });

  it('opens stored links in a new tab that gets no handle on the console', () => {
    renderHtml(
      '<a href="https://example.com/help">Help</a> <a href="/faq" target="_self">FAQ</a> <a href="#top" target="_top">Top</a>',
    );
    for (const [name, href] of [
      ['Help', 'https://example.com/help'],
      ['FAQ', '/faq'],
      ['Top', '#top'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('lets mail and phone links hand over to their program, without a blank tab', () => {
    renderHtml('<a href="mailto:safety@example.com">Write to us</a> <a href="tel:+441234">Call us</a>');
    for (const name of ['Write to us', 'Call us']) {
      const link = screen.getByRole('link', { name });
      expect(link).not.toHaveAttribute('target');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      'mailto:safety@example.com',
    );
  });

  it.each([
    ['javascript:alert(1)'],
    ['&#106;avascript:alert(1)'],
    ['java&#x09;script:alert(1)'],
    [' JAVASCRIPT:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
  ])('keeps the text of a link to %s but drops where it points', (href) => {
    const rendered = renderHtml(`<a href="${href}" target="_self">Click me</a>`);
    const anchor = within(rendered).getByText('Click me');
    expect(anchor).not.toHaveAttribute('href');
    expect(anchor).not.toHaveAttribute('target');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders stored text that is not markup as text', () => {
    const rendered = renderHtml('1 < 2 && 3 > 2 "quoted" <not a tag');
    expect(rendered).toHaveTextContent('1 < 2 && 3 > 2 "quoted"');
    expect(rendered.querySelectorAll('*')).toHaveLength(0);
  });

  it('prefixes stored ids and names so that they cannot stand in for the console’s own', () => {
    const rendered = renderHtml('<p id="root">Root</p><img name="getElementById" src="/a.png" alt="A">');
    expect(rendered.querySelector('#root')).toBeNull();
    expect(screen.getByText('Root')).toHaveAttribute('id', 'user-content-root');
    // A stored name="getElementById" must not shadow the document's own method (DOM clobbering).
    expect(document.getElementById).toBe(Document.prototype.getElementById);
    expect(document.getElementById('user-content-root')).toHaveTextContent('Root');
  });

  it('renders every payload at once without anything that runs', () => {
    const rendered = renderHtml(allPayloads().html);
    expect(within(rendered).getByText('xss all payloads')).toBeInTheDocument();
    expect(within(rendered).getByText('xss all payloads end')).toBeInTheDocument();
    expect(hazards(rendered)).toEqual([]);
  });
});
