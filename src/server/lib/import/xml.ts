/**
 * A streaming reader of the plain XML a workbook's parts are made of: elements, attributes, text and
 * the five entities and character references. Written chunk by chunk, it keeps only an unfinished tag
 * between chunks, so a part's memory is one chunk however large the part. A document type (where
 * entities are declared: billion laughs) is refused, as is a tag that never ends.
 */

export type XmlHandlers = {
  /** An element opens; `attributes` is its raw attribute text, read with `attribute()`. */
  open: (name: string, attributes: string, selfClosing: boolean) => void;
  close: (name: string) => void;
  /** Text between tags, possibly in several pieces. */
  text: (text: string) => void;
};

export class XmlError extends Error {}

/** The longest tag (or comment, or instruction) kept waiting for its end across chunks. */
const MAX_PENDING = 65_536;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name]!;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An element name without its namespace prefix (`x:row` is `row`). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** One attribute's value from an element's raw attribute text. */
const patterns = new Map<string, RegExp>();
export function attribute(attributes: string, name: string): string | undefined {
  let pattern = patterns.get(name);
  if (!pattern) patterns.set(name, (pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const found = pattern.exec(attributes);
  return found ? decode(found[1] ?? found[2] ?? '') : undefined;
}

/** Where the tag opening at `from` ends ('>' outside quotes), or -1 when this text holds no end. */
function tagEnd(data: string, from: number): number {
  let quote = '';
  for (let i = from + 1; i < data.length; i++) {
    const char = data[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

export class XmlStream {
  private pending = '';

  constructor(private readonly handlers: XmlHandlers) {}

  write(chunk: string): void {
    const data = this.pending + chunk;
    this.pending = '';
    let at = 0;
    while (at < data.length) {
      const open = data.indexOf('<', at);
      if (open < 0) {
        // An entity cut by the chunk's end waits for the rest.
        const amp = data.lastIndexOf('&');
        const cut = amp >= at && data.length - amp < 12 && !data.includes(';', amp) ? amp : data.length;
        if (cut > at) this.handlers.text(decode(data.slice(at, cut)));
        this.wait(data.slice(cut));
        return;
      }
      if (open > at) this.handlers.text(decode(data.slice(at, open)));
      at = open;
      if (data.startsWith('<!--', at) || data.startsWith('<?', at)) {
        const close = data.startsWith('<?', at) ? '?>' : '-->';
        const end = data.indexOf(close, at);
        if (end < 0) return this.wait(data.slice(at));
        at = end + close.length;
        continue;
      }
      if (data.startsWith('<![CDATA[', at)) {
        const end = data.indexOf(']]>', at);
        if (end < 0) return this.wait(data.slice(at));
        this.handlers.text(data.slice(at + 9, end));
        at = end + 3;
        continue;
      }
      // '<!DOCTYPE' or '<!ENTITY'; a '<!' cut by the chunk's end may still be a comment or CDATA.
      if (data.startsWith('<!', at) || data.length - at < 2) {
        const head = data.slice(at, at + 9);
        if (head.length < 9 && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head))) return this.wait(data.slice(at));
        throw new XmlError('document type');
      }
      const end = tagEnd(data, at);
      if (end < 0) return this.wait(data.slice(at));
      const tag = data.slice(at + 1, end);
      at = end + 1;
      if (tag[0] === '/') {
        this.handlers.close(localName(tag.slice(1).trim()));
        continue;
      }
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const space = body.search(/[\s]/);
      const name = space < 0 ? body : body.slice(0, space);
      this.handlers.open(localName(name), space < 0 ? '' : body.slice(space), selfClosing);
      if (selfClosing) this.handlers.close(localName(name));
    }
  }

  /** The document ended: an unfinished tag is a damaged part. */
  end(): void {
    if (this.pending.includes('<')) throw new XmlError('unfinished');
  }

  private wait(rest: string): void {
    if (rest.length > MAX_PENDING) throw new XmlError('tag too long');
    this.pending = rest;
  }
}
