/**
 * A QR code as inline SVG for printed documents: one path of square modules, drawn crisp at any size,
 * with the quiet zone of four modules the standard asks for around it.
 */
import QRCode from 'qrcode';
import { escapeHtml, raw, type RawHtml } from '../html.js';

const QUIET_ZONE = 4;

export function qrCodeSvg(text: string, label: string): RawHtml {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size + 2 * QUIET_ZONE;
  // One rectangle per run of dark modules in a row: a third of the path a square per module would make.
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let run = 1;
      while (col + run < modules.size && modules.get(row, col + run)) run++;
      path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
      col += run - 1;
    }
  }
  return raw(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(label)}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`,
  );
}
