/**
 * The stylesheet the sheets and lists share (room sheets, result slips, merit lists, the institute's
 * result sheet): the bilingual label, the heading and its title box, the empty list and the table's
 * rules. A document adds its own sizes after it; one copy, so a fix reaches every document.
 */
import { TABLE_STYLE } from './table-style.js';

export const DOCUMENT_STYLE = `
.en { color: #444; font-size: 0.85em; }
.strong { font-weight: 700; }
/* Room above the heading: Bengali vowel signs rise above the line box and would print at the foot of the page before. */
.head { text-align: center; margin-bottom: 3mm; padding-top: 1.5mm; }
.doc-title { display: inline-block; padding: 0.3mm 5mm; border: 0.35mm solid #000; border-radius: 1.5mm; background: #e9e9e9; font-weight: 700; }
.doc-title .en { color: #000; }
.none { text-align: center; padding: 8mm; border: 0.3mm dashed #777; }
${TABLE_STYLE}
`;
