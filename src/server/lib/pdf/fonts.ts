/**
 * The PDFs' one typeface, Noto Sans Bengali (its Bengali, Latin and Latin Extended subsets, regular and
 * bold), from the @fontsource package's woff2 files as data: URLs: nothing is fetched and no system font is
 * used, so a PDF prints the same on every machine (architecture §9).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const FONT_FAMILY = 'Noto Sans Bengali';

/** Each subset with the characters it covers, as @fontsource declares them (its *.css files). */
const SUBSETS = {
  bengali: 'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
} as const;

const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);

function fontFace(subset: keyof typeof SUBSETS, weight: number): string {
  const file = require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-${subset}-${weight}-normal.woff2`);
  const data = fs.readFileSync(file).toString('base64');
  return `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-weight:${weight};font-display:block;src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${SUBSETS[subset]}}`;
}

let css: string | undefined;

/** The @font-face rules (about 170 kB), read once. */
export function fontFaces(): string {
  css ??= WEIGHTS.flatMap((weight) => (Object.keys(SUBSETS) as (keyof typeof SUBSETS)[]).map((subset) => fontFace(subset, weight))).join('\n');
  return css;
}
