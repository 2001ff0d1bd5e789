/**
 * Hostile HTML for the stored-HTML gate (e2e/xss.spec.ts, tests/api/safe-html.test.tsx). When one runs it calls
 * window.__xss(id), alert(id) (a dialog), or loads something under /xss-beacon/ (a request); a navigation, a new
 * frame or a restyled page are caught by the spec too.
 *
 * `isolate` marks a payload that leaves the parser in another state (an open <math> or <table>, an unclosed tag
 * or comment) and may swallow what follows: each such one ends a group of its own.
 */
export type Payload = { id: number; name: string; html: string; isolate?: true };

export const BEACON = '/xss-beacon/';
/** A harmless same-origin link: it must open in a new tab that cannot reach the console. */
export const SAFE_LINK = { href: '/xss-link-target', text: 'xss safe link' };
/** Text the spec clicks: a handler left on it would run. */
export const CLICK_TEXT = 'xss click target';

export const PAYLOADS: Payload[] = [
  { id: 1, name: 'script tag', html: '<script>__xss(1)</script>' },
  { id: 2, name: 'external script', html: `<SCRIPT SRC=${BEACON}2.js></SCRIPT>` },
  { id: 3, name: 'img onerror', html: '<img src=x onerror=__xss(3)>' },
  { id: 4, name: 'img onerror, mixed case, alert', html: '<IMG SRC=x oNeRrOr=alert(4)>' },
  { id: 5, name: 'svg onload', html: '<svg onload=__xss(5)></svg>' },
  { id: 6, name: 'script inside svg', html: '<svg><script>__xss(6)</script></svg>' },
  {
    id: 7,
    name: 'svg animate onbegin',
    html: '<svg><animate onbegin=__xss(7) attributeName=x dur=1s></animate></svg>',
  },
  {
    id: 8,
    name: 'svg xlink:href javascript:',
    html: '<svg><a xlink:href="javascript:__xss(8)"><text x="20" y="20">svg link 8</text></a></svg>',
  },
  {
    id: 9,
    name: 'mutation XSS: math, mtext, table, mglyph, style (DOMPurify 2.0.17 bypass)',
    html: '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=__xss(9)&gt;">',
    isolate: true,
  },
  {
    id: 10,
    name: 'mutation XSS: nested forms in math (DOMPurify 2.2.2 bypass)',
    html: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(10)>',
    isolate: true,
  },
  { id: 11, name: 'math href javascript:', html: '<math href="javascript:__xss(11)">math link 11</math>' },
  { id: 12, name: 'iframe javascript: src', html: '<iframe src="javascript:top.__xss(12)"></iframe>' },
  { id: 13, name: 'iframe srcdoc', html: '<iframe srcdoc="<script>top.__xss(13)</script>"></iframe>' },
  { id: 14, name: 'javascript: link', html: '<a href="javascript:__xss(14)">js link 14</a>' },
  {
    id: 15,
    name: 'entity-encoded javascript: link',
    html: '<a href="&#106;avascript:__xss(15)">js link 15</a>',
  },
  { id: 16, name: 'tab inside javascript:', html: '<a href="jav&#x09;ascript:__xss(16)">js link 16</a>' },
  {
    id: 17,
    name: 'mixed-case javascript: after a space',
    html: '<a href=" JaVaScRiPt:__xss(17)">js link 17</a>',
  },
  {
    id: 18,
    name: 'data:text/html link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD50b3AuX194c3MoMTgpPC9zY3JpcHQ+">data link 18</a>',
  },
  { id: 19, name: 'vbscript: link', html: '<a href="vbscript:msgbox(19)">vb link 19</a>' },
  { id: 20, name: 'object javascript: data', html: '<object data="javascript:top.__xss(20)"></object>' },
  {
    id: 21,
    name: 'object data:text/html',
    html: '<object data="data:text/html,<script>top.__xss(21)</script>"></object>',
  },
  {
    id: 22,
    name: 'embed data:text/html',
    html: '<embed src="data:text/html,<script>top.__xss(22)</script>">',
  },
  {
    id: 23,
    name: 'form action javascript:',
    html: '<form action="javascript:__xss(23)"><button>submit 23</button></form>',
  },
  {
    id: 24,
    name: 'button formaction javascript:',
    html: '<form><button formaction="javascript:__xss(24)">go 24</button></form>',
  },
  {
    id: 25,
    name: 'meta refresh to javascript:',
    html: '<meta http-equiv="refresh" content="0;url=javascript:__xss(25)">',
  },
  { id: 26, name: 'meta refresh away', html: `<meta http-equiv="refresh" content="0;url=${BEACON}26">` },
  { id: 27, name: 'base href (hijacks relative URLs)', html: `<base href="${BEACON}27/">` },
  { id: 28, name: 'style @import', html: `<style>@import '${BEACON}28.css';</style>` },
  {
    id: 29,
    name: 'CSS expression()',
    html: '<div style="width: expression(__xss(29))">css expression 29</div>',
  },
  {
    id: 30,
    name: 'CSS url(javascript:)',
    html: '<div style="background:url(javascript:__xss(30))">css url 30</div>',
  },
  {
    id: 31,
    name: 'CSS background request',
    html: `<div style="background-image:url(${BEACON}31.png)">css beacon 31</div>`,
  },
  {
    id: 32,
    name: 'full-screen overlay',
    html: '<div style="position:fixed;inset:0;z-index:2147483647;background:#fff">overlay 32</div>',
  },
  {
    id: 33,
    name: 'details ontoggle',
    html: '<details open ontoggle=__xss(33)><summary>details 33</summary></details>',
  },
  { id: 34, name: 'video source onerror', html: '<video><source onerror="__xss(34)"></video>' },
  { id: 35, name: 'audio onerror', html: '<audio src=x onerror=__xss(35)></audio>' },
  { id: 36, name: 'body onload', html: '<body onload=__xss(36)>' },
  { id: 37, name: 'input autofocus onfocus', html: '<input autofocus onfocus=__xss(37)>' },
  { id: 38, name: 'select autofocus onfocus', html: '<select autofocus onfocus=__xss(38)></select>' },
  {
    id: 39,
    name: 'noscript breakout',
    html: '<noscript><p title="</noscript><img src=x onerror=__xss(39)>"></noscript>',
    isolate: true,
  },
  { id: 40, name: 'template content', html: '<template><img src=x onerror=__xss(40)></template>' },
  { id: 41, name: 'title breakout', html: '<title><img src=x onerror=__xss(41)></title>' },
  { id: 42, name: 'xmp breakout', html: '<xmp><p title="</xmp><img src=x onerror=__xss(42)>">' },
  { id: 43, name: 'comment trick', html: '<!--><img src=x onerror=__xss(43)>-->' },
  { id: 44, name: 'CDATA in HTML', html: '<![CDATA[><img src=x onerror=__xss(44)>]]>' },
  { id: 45, name: 'nested script tags', html: '<scr<script>ipt>__xss(45)</scr</script>ipt>' },
  {
    id: 46,
    name: 'obfuscated handler (atob, eval)',
    html: `<img src=x onerror="eval(atob('X194c3MoNDYp'))">`,
  },
  { id: 47, name: 'svg style mutation', html: '<svg><style><img src=x onerror=__xss(47)></style></svg>' },
  { id: 48, name: 'marquee onstart', html: '<marquee onstart=__xss(48)>marquee 48</marquee>' },
  {
    id: 49,
    name: 'picture source, img onerror',
    html: '<picture><source srcset=x><img src=x onerror=__xss(49)></picture>',
  },
  { id: 50, name: 'stylesheet link', html: `<link rel=stylesheet href=${BEACON}50.css>` },
  {
    id: 51,
    name: 'markup inside an attribute',
    html: '<div data-x="</div><img src=x onerror=__xss(51)>">attr 51</div>',
  },
  { id: 52, name: 'attribute breakout in text', html: '"><img src=x onerror=__xss(52)>' },
  {
    id: 53,
    name: 'entity colon in javascript:',
    html: '<a href="javascript&colon;__xss(53)">js link 53</a>',
  },
  { id: 54, name: 'onclick handler', html: `<p onclick="__xss(54)">${CLICK_TEXT}</p>` },
  {
    id: 55,
    name: 'DOM clobbering of document properties',
    html: '<img name="getElementById" src=x><form name="body"></form><a id="__xss">clobber 55</a>',
  },
  { id: 56, name: 'iframe to another page', html: `<iframe src="${BEACON}56"></iframe>` },
  {
    id: 57,
    name: 'safe link, same tab asked',
    html: `<a href="${SAFE_LINK.href}" target="_self">${SAFE_LINK.text}</a>`,
  },
  { id: 58, name: 'unclosed attribute and tag', html: '<img src=x onerror=__xss(58) alt="', isolate: true },
  {
    id: 59,
    name: 'unclosed comment hiding a script',
    html: '<!-- <script>__xss(59)</script>',
    isolate: true,
  },
  {
    id: 60,
    name: 'plaintext swallows the rest',
    html: '<plaintext><img src=x onerror=__xss(60)>',
    isolate: true,
  },
];

const groupTitle = (index: number) => `xss group ${index + 1}`;

/** A stored text: its title first, the ordinary payloads, a line saying they all rendered, then the rest. */
function storedText(title: string, ordinary: Payload[], isolated: Payload[]) {
  return {
    title,
    html: [
      `<p>${title}</p>`,
      ...ordinary.map((payload) => payload.html),
      `<p>${title} end</p>`,
      ...isolated.map((payload) => payload.html),
    ].join('\n'),
  };
}

/**
 * The payloads in groups, one stored text each: ordinary payloads shared out, one `isolate` payload last.
 * The spec looks for each group's title and its end line to know that the text was rendered, and in one piece.
 */
export function payloadGroups() {
  const isolated = PAYLOADS.filter((payload) => payload.isolate);
  const ordinary = PAYLOADS.filter((payload) => !payload.isolate);
  return isolated.map((last, index) =>
    storedText(
      groupTitle(index),
      ordinary.filter((_, position) => position % isolated.length === index),
      [last],
    ),
  );
}

/** Every payload in one text (for single texts such as a setting or the policy): ordinary ones first. */
export function allPayloads() {
  return storedText(
    'xss all payloads',
    PAYLOADS.filter((payload) => !payload.isolate),
    PAYLOADS.filter((payload) => payload.isolate),
  );
}
