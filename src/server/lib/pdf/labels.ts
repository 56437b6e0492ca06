/** Pieces every printed document uses: a label Bengali first with the English beside it, a photo or its empty frame. */
import { html, raw, type RawHtml } from '../html.js';
import type { Label } from './document-texts.js';

/** A student's photo as bytes (JPEG, PNG or WebP), already reduced to the size printed. */
export type Photo = { bytes: Buffer; type: 'image/jpeg' | 'image/png' | 'image/webp' };

export const both = (label: Label): RawHtml => html`${label.bn} <span class="en" lang="en">${label.en}</span>`;

export const stacked = (label: Label): RawHtml => html`${label.bn}<br><span class="en" lang="en">${label.en}</span>`;

const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'] satisfies Photo['type'][];

/**
 * The photo's bytes inline (a data: URL: the generator fetches nothing), or an empty frame to paste one into.
 * Base64 holds no character HTML would need escaped, and the type is one of three: the URL goes in as it is,
 * sparing the escaper a pass over ~30 kB for every student.
 */
export function photoImage(photo: Photo | null, className: string, empty: RawHtml): RawHtml {
  if (!photo || !PHOTO_TYPES.includes(photo.type)) return html`<div class="${className} empty">${empty}</div>`;
  return html`<img class="${className}" src="${raw(`data:${photo.type};base64,${photo.bytes.toString('base64')}`)}" alt="">`;
}
