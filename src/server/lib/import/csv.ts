/** CSV as Excel writes it (RFC 4180): commas or semicolons, quoted fields with doubled quotes, CRLF or LF. */
import type { Cell } from './sheet.js';

/** The separator of the header line: Excel in many locales writes semicolons. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** The rows one at a time, so a reader of a large file can pause between them (a 100,000-line statement). */
export function* csvRows(text: string): Generator<Cell[]> {
  const separator = separatorOf(text);
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field === '' ? null : field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endField();
      yield row;
      row = [];
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    endField();
    yield row;
  }
}
