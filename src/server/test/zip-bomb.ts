/**
 * An .xlsx whose zip lies: every part's sizes claim 1 KB, while its worksheet inflates to `inflatedBytes`. Built as a stream, so making a bomb of hundreds of megabytes costs the test little memory.
 */
import { crc32, deflateRawSync, createDeflateRaw } from 'node:zlib';
import { zipArchive } from './zip-writer.js';

const CLAIMED = 1_024;

/** `head`, then `bytes` spaces (the best deflate does: about 1,000 to 1). */
async function deflatedSpaces(head: string, bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(head);
  const block = Buffer.alloc(1_000_000, ' ');
  for (let written = 0; written < bytes; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** Parts already deflated, each claiming to inflate to 1 KB. */
const zip = (parts: { name: string; data: Buffer }[]) =>
  zipArchive(parts.map(({ name, data }) => ({ name, packed: data, method: 8, crc: crc32(''), size: CLAIMED })));

export async function zipBomb(inflatedBytes: number): Promise<Buffer> {
  const small = (text: string) => deflateRawSync(Buffer.from(text));
  return zip([
    {
      name: '[Content_Types].xml',
      data: small(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: small(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: small(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: await deflatedSpaces(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Class</t></is></c></row>',
        inflatedBytes,
      ),
    },
  ]);
}
