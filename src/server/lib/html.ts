/**
 * HTML on the server: the sanitiser for page content written in the rich-text editor, and a
 * tagged template that escapes everything it interpolates unless it is marked as trusted.
 */
import sanitizeHtml from 'sanitize-html';
import { isSitePath, isWebAddress } from '../../common/links.js';

/** A piece of HTML that is already safe: produced by `html` or by `sanitizeRichText`. */
export class RawHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(value: string): RawHtml {
  return new RawHtml(value);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text and attribute values: every character that could end a text node or an attribute is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

type Value = RawHtml | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof RawHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * html`<p>${text}</p>`: interpolated strings and numbers are escaped; RawHtml (nested html``
 * results, raw(sanitised)) goes in as is; arrays are joined; null, undefined and false vanish.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): RawHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new RawHtml(out);
}

/** A link target the site may follow: http(s) or a path on this site (the rule of every stored link), mail, phone, or an anchor. */
export function isSafeHref(href: string): boolean {
  return isWebAddress(href) || isSitePath(href) || /^(mailto:|tel:|#)/i.test(href);
}

/** An image the site may show: an uploaded file on this site, or any https address. */
export function isSafeImageSrc(src: string): boolean {
  return /^\/uploads\/[^\s"'<>]+$/.test(src) || /^https:\/\/[^\s"'<>]+$/i.test(src);
}

const TEXT_ALIGN = [/^(left|right|center|justify)$/];

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'img',
    'span',
    'mark',
    'sub',
    'sup',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'style'],
  },
  allowedStyles: { '*': { 'text-align': TEXT_ALIGN } },
  // Editor classes only (alignment, code language); a class cannot run code, but arbitrary ones could restyle the site.
  allowedClasses: { '*': [/^(text-(left|right|center|justify)|language-[\w-]+)$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whole contents go with these tags, not just the tags: their text is code or markup, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'embed'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const safe: Record<string, string> = {};
      if (href && isSafeHref(href)) safe.href = href;
      if (attribs.target === '_blank') {
        safe.target = '_blank';
        safe.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: src && isSafeImageSrc(src) ? { ...rest, src } : rest };
    },
  },
};

/** Page content and page-builder cells: the editor's formatting survives, anything that could run or restyle the site does not. */
export function sanitizeRichText(dirty: string): string {
  return sanitizeHtml(dirty, RICH_TEXT);
}
