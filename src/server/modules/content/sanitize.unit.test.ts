import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeOperatorHtml } from './sanitize.ts';

/**
 * Known XSS vectors: script and event handlers, URL schemes with encoding tricks, parser
 * confusion (mutation XSS), foreign content (svg, math), frames, forms, styles and legacy hacks.
 */
const VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script/src="data:text/javascript,alert(1)"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)//<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC=# onmouseover="alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert(1)</script>">',
  '<img src="javascript:alert(1)">',
  '<img src=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<img src=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="jav\tascript:alert(1)">',
  '<img src=" &#14;  javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img dynsrc="javascript:alert(1)">',
  '<img lowsrc="javascript:alert(1)">',
  '<img srcset="javascript:alert(1) 1x">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="java&#0000010;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="//evil.example">protocol relative</a>',
  '<a href="x" onclick="alert(1)">x</a>',
  '<a href="x" onmouseover=alert(1)>x</a>',
  '<a href="x" ONFOCUS=alert(1) autofocus>x</a>',
  '<a href="x" style="behavior:url(x.htc)">x</a>',
  '<a href="x" formaction="javascript:alert(1)">x</a>',
  '<body onload=alert(1)>',
  '<body background="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName=onmouseover to=alert(1)>',
  '<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<math href="javascript:alert(1)">x</math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<object data="javascript:alert(1)"></object>',
  '<object type="text/x-scriptlet" data="https://evil.example"></object>',
  '<embed src="javascript:alert(1)">',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<applet code="x.class"></applet>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<keygen onfocus=alert(1) autofocus>',
  '<video><source onerror="alert(1)">',
  '<video poster=javascript:alert(1)//></video>',
  '<audio src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<isindex action=javascript:alert(1) type=submit>',
  '<style>@import "javascript:alert(1)";</style>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<div style="width:expression(alert(1))">x</div>',
  '<div style="x:\\65xpression(alert(1))">x</div>',
  '<span style="-moz-binding:url(https://evil.example/xss.xml#x)">x</span>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<link rel=import href="https://evil.example/x.html">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta charset="x-imap4-modified-utf7">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p onclick=alert(1)>x</p>',
  '<p/onclick=alert(1)>x</p>',
  '<p\nonclick=alert(1)>x</p>',
  '<p onclick\n=alert(1)>x</p>',
  '<p class="text-gold" onpointerenter=alert(1)>x</p>',
  '<h1 onanimationstart=alert(1) style="animation:x">x</h1>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<template><script>alert(1)</script></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<title><img src=x onerror=alert(1)></title>',
  '<listing>&lt;img src=x onerror=alert(1)&gt;</listing>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml-stylesheet href="javascript:alert(1)"?>',
  '<a href="https://ok.example" target="_self" rel="opener">x</a>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '</p><script>alert(1)</script><p>',
  '<div><div><div><script>alert(1)</script></div></div></div>',
  '<b><i><u onclick="alert(1)">nested</u></i></b>',
  '<span class="text-gold evil-class" id="x" data-x="y">cls</span>',
  '<a href="mailto:x@example.com" onclick=alert(1)>mail</a>',
  '<img src="https://ok.example/x.png" width="100" height="100" onerror=alert(1)>',
  '<DIV STYLE="background-image: url(&#1;javascript:alert(1))">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC="jav&#x0D;ascript:alert(1);">',
  '<a href="\x01javascript:alert(1)">x</a>',
  '<a href="javascript://%0Aalert(1)">x</a>',
  '<a href="  data:text/html,<script>alert(1)</script>">x</a>',
  '<img src=`javascript:alert(1)`>',
  '<img src=1 href=1 onerror="javascript:alert(1)"></img>',
  '<object data=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==></object>',
  '<a aa aaa aaaa aaaaa aaaaaa aaaaaaa aaaaaaaa aaaaaaaaa aaaaaaaaaa href=j&#97v&#97script&#x3A;&#97lert(1)>x</a>',
  '<img src=x onerror=&#x61;&#x6C;&#x65;&#x72;&#x74;(1)>',
  '<img src=x on\u0000error=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<math><maction actiontype="statusline#" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe/src=data:text/html,<svg/onload=alert(1)>>',
];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'keygen',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'body',
  'html',
  'video',
  'audio',
  'source',
  'details',
  'marquee',
  'isindex',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'title',
  'xss',
]);
const URL_ATTRS = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'background',
  'poster',
  'dynsrc',
  'lowsrc',
  'data',
  'xlink:href',
]);
const SAFE_URL = /^(https?:\/\/[^/]|mailto:|\/[^/]|#|[a-z0-9._-]+(\/|$))/i;

/** Every way the sanitised output could still run script, found by parsing it as a browser would. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (FORBIDDEN_TAGS.has(name)) found.push(`<${name}>`);
        for (const [attr, value] of Object.entries(attrs)) {
          if (attr.startsWith('on')) found.push(`${name}[${attr}]`);
          if (attr === 'style') found.push(`${name}[style]`);
          if (URL_ATTRS.has(attr) && !SAFE_URL.test(value.trim())) found.push(`${name}[${attr}=${value}]`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe('operator HTML sanitiser', () => {
  it(`has a corpus of at least 100 known vectors (${VECTORS.length})`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(VECTORS.map((v) => [v]))('neutralises %s', (vector) => {
    const once = sanitizeOperatorHtml(vector);
    expect(dangers(once), once).toEqual([]);
    expect(once).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(sanitizeOperatorHtml(once), 'sanitising twice equals sanitising once').toBe(once);
  });

  it('keeps the formatting operators need, and forces safe links', () => {
    const html =
      '<h2 class="text-gold">Bonus</h2><p><strong>20%</strong> on <em>every</em> deposit<br>today</p>' +
      '<ul><li>one</li></ul><a href="https://casino.example/promo">More</a><img src="/media/banner.png" alt="b">';
    const clean = sanitizeOperatorHtml(html);
    expect(clean).toContain('<h2 class="text-gold">Bonus</h2>');
    expect(clean).toContain('<strong>20%</strong>');
    expect(clean).toContain(
      '<a href="https://casino.example/promo" target="_blank" rel="noopener noreferrer">More</a>',
    );
    expect(clean).toContain('<img src="/media/banner.png" alt="b" />');
  });
});
