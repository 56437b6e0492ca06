/**
 * Joins the PDFs Chromium prints, part after part, into one file on disk: each part's pages and what they
 * use (fonts, images) are copied with pdf-lib under new object numbers and written out at once, so only
 * one part is ever in memory, however many pages the whole holds. pdf-lib only moves objects here; it
 * never lays out text (its text layout does not shape Bengali, architecture §9).
 */
import fs from 'node:fs/promises';
import { loadPdfLib } from '../late-modules.js';

const CATALOG = 1;
const PAGES = 2;
const HEADER = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1');

export class PdfJoiner {
  private written = 0;
  /** Byte offset of each object, by object number, for the cross-reference table. */
  private readonly offsets: number[] = [];
  private readonly pages: number[] = [];
  private nextObject = PAGES + 1;
  /** The first part's title (its HTML <title>), kept as the whole PDF's title for viewers' title bars. */
  private title: string | undefined;

  private constructor(private readonly file: fs.FileHandle) {}

  static async create(path: string): Promise<PdfJoiner> {
    const joiner = new PdfJoiner(await fs.open(path, 'wx'));
    await joiner.write([HEADER]);
    return joiner;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Adds a whole PDF's pages after those already joined. */
  async append(pdf: Uint8Array): Promise<void> {
    const { PDFContext, PDFDocument, PDFName, PDFObjectCopier, PDFRef } = await loadPdfLib();
    const source = await PDFDocument.load(pdf, { updateMetadata: false });
    if (this.pages.length === 0) this.title = source.getTitle();
    const target = PDFContext.create();
    target.largestObjectNumber = this.nextObject - 1;
    // One copier per part: objects its pages share (a font, the same image) are copied once.
    const copier = PDFObjectCopier.for(source.context, target);
    for (const page of source.getPages()) {
      const copy = copier.copy(page.node);
      copy.set(PDFName.of('Parent'), PDFRef.of(PAGES));
      this.pages.push(target.register(copy).objectNumber);
    }
    const chunks: Uint8Array[] = [];
    let offset = this.written;
    for (const [ref, object] of target.enumerateIndirectObjects()) {
      const bytes = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(bytes, 0);
      this.offsets[ref.objectNumber] = offset;
      offset += this.push(chunks, `${ref.objectNumber} 0 obj\n`, bytes, '\nendobj\n');
    }
    this.nextObject = target.largestObjectNumber + 1;
    await this.write(chunks);
  }

  /** Writes the page tree, the catalogue and the cross-reference table; the file is complete after this. */
  async finish(): Promise<{ pages: number; bytes: number }> {
    if (this.pages.length === 0) throw new Error('a PDF needs at least one page');
    const chunks: Uint8Array[] = [];
    let offset = this.written;
    const kids = this.pages.map((n) => `${n} 0 R`).join(' ');
    this.offsets[PAGES] = offset;
    offset += this.push(chunks, `${PAGES} 0 obj\n<< /Type /Pages /Count ${this.pages.length} /Kids [${kids}] >>\nendobj\n`);
    this.offsets[CATALOG] = offset;
    offset += this.push(chunks, `${CATALOG} 0 obj\n<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`);
    let info = '';
    if (this.title) {
      const number = this.nextObject++;
      this.offsets[number] = offset;
      // A text string in UTF-16BE after its byte-order mark, written in hex: any script, nothing to escape.
      const title = Buffer.from(`\uFEFF${this.title}`, 'utf16le').swap16().toString('hex').toUpperCase();
      offset += this.push(chunks, `${number} 0 obj\n<< /Title <${title}> >>\nendobj\n`);
      info = ` /Info ${number} 0 R`;
    }
    const entries = ['0000000000 65535 f \n'];
    for (let n = 1; n < this.nextObject; n++) entries.push(`${String(this.offsets[n]).padStart(10, '0')} 00000 n \n`);
    this.push(
      chunks,
      `xref\n0 ${this.nextObject}\n${entries.join('')}trailer\n<< /Size ${this.nextObject} /Root ${CATALOG} 0 R${info} >>\nstartxref\n${offset}\n%%EOF\n`,
    );
    await this.write(chunks);
    await this.file.close();
    return { pages: this.pages.length, bytes: this.written };
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private push(chunks: Uint8Array[], ...pieces: (string | Uint8Array)[]): number {
    let length = 0;
    for (const piece of pieces) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece;
      chunks.push(bytes);
      length += bytes.length;
    }
    return length;
  }

  private async write(chunks: Uint8Array[]): Promise<void> {
    const buffer = Buffer.concat(chunks);
    let done = 0;
    while (done < buffer.length) done += (await this.file.write(buffer, done)).bytesWritten;
    this.written += buffer.length;
  }
}
