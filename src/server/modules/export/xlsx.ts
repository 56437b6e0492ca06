/**
 * The export as an Excel workbook, written by exceljs's streaming writer: each row is committed (turned
 * into sheet XML and handed to the zip) as it arrives, so a million rows never sit in memory. Strings are
 * written inline (no shared-strings table, which would hold every distinct text until the end).
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/late-modules.js';
import { columnKind } from './column-kinds.js';
import { columnWidths, NUM_FMT, xlsxCell } from './xlsx-cells.js';

type Cells = ReturnType<typeof xlsxCell>[];
type Batches = AsyncIterable<readonly unknown[][]> | Iterable<readonly unknown[][]>;

/** Rows read before the columns are written: their widths are fitted to the header and these. */
const SAMPLE_ROWS = 100;
/** Sheet XML allowed to wait for the zip before reading more rows. */
const BACKLOG_BYTES = 1 << 20;
const BACKLOG_POLL_MS = 5;

type StreamState = { length: number } | undefined;
type SheetInternals = { stream?: { pipes?: { _writableState?: StreamState; _readableState?: StreamState }[] } };

/**
 * Bytes of sheet XML written but not yet taken by the zip's deflate. exceljs writes without waiting
 * (its StreamBuf ignores write()'s answer), so a slow client or a slow deflate shows only here: in the
 * stream the sheet is piped into. Internals of exceljs 4.4.0, pinned exactly; xlsx.test.ts fails if they move.
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as SheetInternals).stream?.pipes ?? [];
  return pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
}

/**
 * Waits until the zip has caught up, giving the event loop a turn in any case (SQLite hands rows over
 * synchronously). False when the client has gone: the caller then stops reading rows.
 */
async function caughtUp(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<boolean> {
  await new Promise(setImmediate);
  while (!out.destroyed && sheetBacklog(sheet) > BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, BACKLOG_POLL_MS));
  return !out.destroyed;
}

async function writeWorkbook(out: PassThrough, sheetName: string, columns: readonly string[], header: readonly string[], batches: Batches): Promise<void> {
  const kinds = columns.map(columnKind);
  // One style object per column, shared by its cells: exceljs caches a style's id by object, so a
  // style per cell (what a new cell gets) costs a style lookup each, a fifth of the export's time.
  const styles = kinds.map((kind) => (NUM_FMT[kind] ? { numFmt: NUM_FMT[kind] } : {}));
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  let sample: Cells[] | null = [];

  const writeRow = (cells: Cells) => {
    const row = sheet.addRow(cells);
    row.eachCell((cell, column) => {
      cell.style = styles[column - 1]!;
    });
    row.commit();
  };

  // Columns (widths, formats) are the first thing in the sheet's XML, so they are set before any row.
  const writeHead = (rows: Cells[]) => {
    const widths = columnWidths(header, kinds, rows);
    sheet.columns = styles.map((style, i) => ({ width: widths[i], style }));
    // Its own style objects (not the columns'), which bold changes.
    const head = sheet.addRow([...header]);
    head.font = { bold: true };
    head.commit();
    rows.forEach(writeRow);
  };

  for await (const batch of batches) {
    for (const values of batch) {
      const cells = values.map((value, i) => xlsxCell(kinds[i]!, value));
      if (!sample) writeRow(cells);
      else if (sample.push(cells) === SAMPLE_ROWS) {
        writeHead(sample);
        sample = null;
      }
    }
    if (!(await caughtUp(sheet, out))) return;
  }
  if (sample) writeHead(sample);
  sheet.commit();
  await workbook.commit();
}

/** Excel's rules for a sheet's name: at most 31 characters, none of : \ / ? * [ ]. */
function sheetNameOf(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}

/**
 * The workbook of rows arriving in batches (each row its values in the columns' order), under the header
 * row `header` (the columns' names in the reader's language), as a stream to send. Rows are read only as
 * fast as the client takes the file; a failure destroys the stream.
 */
export function xlsxStream(title: string, columns: readonly string[], header: readonly string[], batches: Batches): Readable {
  const out = new PassThrough();
  writeWorkbook(out, sheetNameOf(title), columns, header, batches).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
