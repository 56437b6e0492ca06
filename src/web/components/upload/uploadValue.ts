/**
 * The upload field's pure logic (spec §5 file upload, §7 Media, §9 upload limits): what the form
 * value holds, which stored paths count, and the widget's translated labels.
 */
import type { OfficeCatalog } from '../../i18n/catalog';

/** Spec §9: the most files in one field, the preview's side (the largest file: UPLOAD_MAX_BYTES, common/schemas/media). */
export const MAX_FILES = 5;
export const PREVIEW_SIZE = 100;
export const DEFAULT_IMAGE_SIZE = 200;
export const DEFAULT_FOLDER = 'files';
export const DEFAULT_ACCEPTED_TYPES: readonly string[] = ['image/*'];

/** The stored path without leading slashes, as the hidden field holds it (spec §7). */
export function stripLeadingSlash(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * Paths an old record may hold that name no file: empty, 'null', 'undefined' (the spec's '/null',
 * '/undefined', '//undefined' once their slashes are gone).
 */
function namesNoFile(path: string): boolean {
  return path === '' || path === 'null' || path === 'undefined';
}

/** The stored paths a form value holds: a path, a list of paths, or nothing; without the discarded ones. */
export function storedPaths(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => stripLeadingSlash(item.trim()))
    .filter((path) => !namesNoFile(path));
}

/** The form value for these paths: the list with several files allowed, otherwise the first ('' for none). */
export function fieldValue(paths: readonly string[], allowMultiple: boolean): string | string[] {
  return allowMultiple ? [...paths] : (paths[0] ?? '');
}

/** Whether two form values hold the same paths, so a widget update that changes nothing is not a form change. */
export function samePaths(a: unknown, b: unknown): boolean {
  const left = storedPaths(a);
  const right = storedPaths(b);
  return left.length === right.length && left.every((path, index) => path === right[index]);
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp']);

/** Whether a stored path is an image the browser shows (by its extension: the server names files by their real type). */
export function isImagePath(path: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && IMAGE_EXTENSIONS.has(extension);
}

/** Whether the accepted types are images only, so the current value is shown as a picture. */
export function acceptsOnlyImages(types: readonly string[]): boolean {
  return types.length > 0 && types.every((type) => type.startsWith('image/'));
}

/** The URL a stored path is served at. */
export function fileUrl(path: string): string {
  return `/${stripLeadingSlash(path)}`;
}

/** The catalog's `upload.widget` group. */
export type WidgetText = OfficeCatalog['upload']['widget'];
/** The catalog's `upload.types` group: names for a wildcard's group ('image/*' → 'image'). */
export type TypeNames = OfficeCatalog['upload']['types'];

/** FilePond's label options, from the catalog's `upload.widget` group. */
export function filePondLabels(text: WidgetText, acceptedTypeCount: number) {
  const w = (key: keyof WidgetText) => text[key];
  return {
    labelIdle: w('idle'),
    labelInvalidField: w('invalidField'),
    labelFileWaitingForSize: w('waitingForSize'),
    labelFileSizeNotAvailable: w('sizeNotAvailable'),
    labelFileCountSingular: w('fileCountSingular'),
    labelFileCountPlural: w('fileCountPlural'),
    labelFileLoading: w('loading'),
    labelFileAdded: w('added'),
    labelFileLoadError: w('loadError'),
    labelFileRemoved: w('removed'),
    labelFileRemoveError: w('removeError'),
    labelFileProcessing: w('processing'),
    labelFileProcessingComplete: w('processingComplete'),
    labelFileProcessingAborted: w('processingAborted'),
    labelFileProcessingRevertError: w('revertError'),
    labelTapToCancel: w('tapToCancel'),
    labelTapToRetry: w('tapToRetry'),
    labelTapToUndo: w('tapToUndo'),
    labelButtonRemoveItem: w('remove'),
    labelButtonAbortItemLoad: w('abort'),
    labelButtonRetryItemLoad: w('retry'),
    labelButtonAbortItemProcessing: w('cancel'),
    labelButtonUndoItemProcessing: w('undo'),
    labelButtonRetryItemProcessing: w('retry'),
    labelButtonProcessItem: w('upload'),
    labelFileSizeBytes: w('bytes'),
    labelFileSizeKilobytes: w('kilobytes'),
    labelFileSizeMegabytes: w('megabytes'),
    labelFileSizeGigabytes: w('gigabytes'),
    labelMaxFileSizeExceeded: w('tooBig'),
    // The spec's message already names the limit; a second line would not fit a phone's item.
    labelMaxFileSize: '',
    labelFileTypeNotAllowed: w('invalidType'),
    // FilePond fills both placeholders even for one type ('Expects  or image'): one type reads alone.
    fileValidateTypeLabelExpectedTypes: w(acceptedTypeCount > 1 ? 'expectedTypes' : 'expectedType'),
  };
}

/**
 * Short names for the accepted types in the type-mismatch message ('Expects {allButLastType} or
 * {lastType}'): 'image/*' reads as 'image', 'application/pdf' as 'PDF'.
 */
export function expectedTypeNames(types: readonly string[], names: TypeNames): Record<string, string> {
  return Object.fromEntries(
    types.map((type) => {
      const [group = '', sub] = type.split('/');
      if (sub === '*') return [type, Object.hasOwn(names, group) ? names[group as keyof TypeNames] : group];
      return [type, (sub ?? type).toUpperCase()];
    }),
  );
}
