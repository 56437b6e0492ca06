/**
 * CSV or Excel export (spec §7 Export, §8): POST /api/v1/export-data (in the interface's language, by
 * Accept-Language), the answer read as a stream so the screen can show how much has arrived, then saved
 * under the server's file name. A failure is only logged, as the spec says.
 */
import type { Conditions, ExportFormat } from '../../../common/schemas/list';
import { apiFetch, errorOf } from '../../api/client';
import { exportFileName } from './fileName';

export type ExportRequest = {
  /** The resource name the server's export allow-list knows ('news-categories'). */
  model: string;
  export_title: string;
  search?: string;
  status?: 0 | 1;
  conditions?: Conditions;
  /** CSV when absent, as the server answers. */
  format?: ExportFormat;
};

const ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportProgress = { received: number; total: number | null };

/**
 * Runs one export and saves the file. Resolves the file's name once it was handed to the browser, null
 * when the export failed (already logged).
 */
export async function exportData(request: ExportRequest, onProgress: (progress: ExportProgress) => void): Promise<string | null> {
  try {
    const query = request.conditions ? `?${new URLSearchParams({ conditions: JSON.stringify(request.conditions) }).toString()}` : '';
    const format = request.format ?? 'csv';
    const response = await apiFetch(`/v1/export-data${query}`, { body: request, accept: `${ACCEPT[format]}, application/json` });
    if (!response.ok) {
      const error = await errorOf(response);
      console.error('Export failed:', error.data ?? error.message);
      return null;
    }
    const length = Number(response.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    onProgress({ received, total });
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress({ received, total });
      }
    } else {
      const buffer = new Uint8Array(await response.arrayBuffer());
      chunks.push(buffer);
      onProgress({ received: buffer.byteLength, total });
    }
    const type = response.headers.get('Content-Type') ?? ACCEPT[format];
    const fileName = exportFileName(request.export_title, response.headers.get('Content-Disposition'), format);
    saveBlob(new Blob(chunks, { type }), fileName);
    return fileName;
  } catch (error) {
    console.error('Export failed:', error instanceof Error ? error.message : error);
    return null;
  }
}
