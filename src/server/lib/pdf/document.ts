/**
 * A complete HTML document for the PDF generator: the embedded fonts, A4 with print margins, and the
 * template's own style and body. Every part the generator prints is one of these.
 */
import { html, raw, type RawHtml } from '../html.js';
import { FONT_FAMILY, fontFaces } from './fonts.js';

/** The heading every document prints: the exam's names and the organiser (the site-name setting). */
export type ExamHeading = {
  /** The exam's name, e.g. "প্রাথমিক ও নিম্ন মাধ্যমিক বৃত্তি পরীক্ষা ২০২৬". */
  name_bn: string;
  name_en: string;
  organiser: string;
};

export type PdfDocument = {
  /** The document's language (hyphenation, the font's language-specific forms). */
  lang?: 'bn' | 'en';
  title: string;
  /** The template's CSS (trusted: written by us, never from data). */
  style: string;
  body: RawHtml;
};

/** The base every document shares; a template's style may set its own @page (a size, other margins). */
const BASE_STYLE = `
@page { size: A4; margin: 10mm; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: '${FONT_FAMILY}'; font-size: 10pt; line-height: 1.35; color: #000; background: #fff; }
`;

export function pdfDocument({ lang = 'bn', title, style, body }: PdfDocument): string {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>${raw(fontFaces())}${raw(BASE_STYLE)}${raw(style)}</style>
</head>
<body>${body}</body>
</html>`.value;
}
