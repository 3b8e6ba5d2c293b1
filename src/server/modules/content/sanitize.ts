import sanitizeHtml from 'sanitize-html';

/**
 * Classes operators may use in popup and notice HTML; the member site styles them. Inline styles are
 * not kept: the Content-Security-Policy would refuse them anyway.
 */
export const ALLOWED_CLASSES = [
  'text-gold',
  'text-red',
  'text-green',
  'text-muted',
  'text-center',
  'text-large',
  'text-small',
];

/** Absolute http(s), mail links, same-site paths and fragments; nothing a browser could read as a scheme. */
const SAFE_URL = /^(https?:\/\/[a-z0-9.-]+(?:[:/?#]|$)|mailto:[^\s]+$|\/(?!\/)|#)/i;

function withSafeUrl(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || SAFE_URL.test(value.trim())) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedClasses: { '*': ALLOWED_CLASSES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text of dropped elements like <script> or <style> is dropped with them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'xmp',
    'template',
    'iframe',
    'noembed',
    'noframes',
    'plaintext',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...withSafeUrl(attribs, 'href'),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: withSafeUrl(attribs, 'src') }),
  },
  // An image whose address was not kept is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** Operator HTML for popups and notices: an allow-list, applied on the way into the database. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
