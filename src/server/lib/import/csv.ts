/** CSV as Excel writes it (RFC 4180): commas or semicolons, quoted fields with doubled quotes, CRLF or LF. */
import type { Cell } from './sheet.js';

/** The separator of the header line (the first with a value): Excel in many locales writes semicolons. */
function separatorOf(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * A CSV parser written a piece of text at a time: each row goes to `onRow` as it ends, each field cut
 * to `maxField` characters, so its memory is one row however large the file.
 */
export class CsvStream {
  private separator: string | undefined;
  private row: Cell[] = [];
  private field = '';
  private quoted = false;
  /** A quote seen inside a quoted field: the field's end, or the first of a doubled quote. */
  private quoteSeen = false;
  private carriageReturn = false;

  constructor(
    private readonly onRow: (cells: Cell[]) => void,
    private readonly maxField: number,
  ) {}

  write(text: string): void {
    this.separator ??= separatorOf(text);
    const separator = this.separator;
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (this.carriageReturn) {
        this.carriageReturn = false;
        if (char === '\n') continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (char === '"') {
          this.add('"');
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (char === '"') this.quoteSeen = true;
        else this.add(char);
      } else if (char === '"' && this.field === '') this.quoted = true;
      else if (char === separator) this.endField();
      else if (char === '\n' || char === '\r') {
        this.carriageReturn = char === '\r';
        this.endRow();
      } else this.add(char);
    }
  }

  end(): void {
    if (this.field !== '' || this.row.length > 0) this.endRow();
  }

  private add(char: string): void {
    if (this.field.length < this.maxField) this.field += char;
  }

  private endField(): void {
    this.row.push(this.field === '' ? null : this.field);
    this.field = '';
  }

  private endRow(): void {
    this.endField();
    const row = this.row;
    this.row = [];
    this.onRow(row);
  }
}
