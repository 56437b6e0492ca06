import { describe, expect, it } from 'vitest';
import { bnOffice } from '../../i18n/office/bn';
import { enOffice } from '../../i18n/office/en';
import {
  acceptsOnlyImages,
  expectedTypeNames,
  fieldValue,
  filePondLabels,
  fileUrl,
  isImagePath,
  samePaths,
  storedPaths,
  stripLeadingSlash,
} from './uploadValue';

describe('the stored paths of a form value', () => {
  it('drops leading slashes and the paths that name no file', () => {
    expect(storedPaths('/uploads/logos/a.png')).toEqual(['uploads/logos/a.png']);
    expect(storedPaths('//uploads/a.png')).toEqual(['uploads/a.png']);
    for (const nothing of ['/null', '/undefined', '//undefined', '', 'null', '  ', null, undefined, 3]) expect(storedPaths(nothing)).toEqual([]);
  });

  it('keeps a list in order without its empty entries', () => {
    expect(storedPaths(['uploads/a.png', '/null', '/uploads/b.pdf', '//undefined'])).toEqual(['uploads/a.png', 'uploads/b.pdf']);
  });

  it('holds the first path for a single file and the list for several', () => {
    expect(fieldValue(['uploads/a.png', 'uploads/b.png'], false)).toBe('uploads/a.png');
    expect(fieldValue([], false)).toBe('');
    expect(fieldValue(['uploads/a.png', 'uploads/b.png'], true)).toEqual(['uploads/a.png', 'uploads/b.png']);
    expect(fieldValue([], true)).toEqual([]);
  });

  it('compares values by their paths', () => {
    expect(samePaths('/uploads/a.png', ['uploads/a.png'])).toBe(true);
    expect(samePaths('', '/null')).toBe(true);
    expect(samePaths('uploads/a.png', 'uploads/b.png')).toBe(false);
    expect(samePaths(['uploads/a.png', 'uploads/b.png'], ['uploads/b.png', 'uploads/a.png'])).toBe(false);
  });

  it('serves a path from the site root', () => {
    expect(fileUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(fileUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(stripLeadingSlash('///x')).toBe('x');
  });
});

describe('what the field shows for a path', () => {
  it('previews images and links other files', () => {
    expect(isImagePath('uploads/logos/a.JPG')).toBe(true);
    expect(isImagePath('uploads/files/a.webp')).toBe(true);
    expect(isImagePath('uploads/files/a.pdf')).toBe(false);
    expect(isImagePath('uploads/files/png')).toBe(false);
    expect(acceptsOnlyImages(['image/*'])).toBe(true);
    expect(acceptsOnlyImages(['image/png', 'application/pdf'])).toBe(false);
    expect(acceptsOnlyImages([])).toBe(false);
  });
});

describe('the widget labels', () => {
  it('carry the spec texts in English and Bengali text in Bengali', () => {
    const en = filePondLabels(enOffice.upload.widget, 1);
    expect(en.labelMaxFileSizeExceeded).toBe('File size is too big. Should be less than 5MB.');
    expect(en.labelFileTypeNotAllowed).toBe('File is of invalid type');
    expect(en.labelInvalidField).toBe('Field contains invalid files');
    expect(en.labelFileProcessingAborted).toBe('Upload cancelled');
    expect(en.labelFileLoadError).toBe('Error during load');
    expect(en.labelFileRemoveError).toBe('Error during remove');
    expect(en.labelFileProcessingRevertError).toBe('Error during revert');
    const bn = filePondLabels(bnOffice.upload.widget, 1);
    expect(bn.labelMaxFileSize).toBe('');
    for (const [key, text] of Object.entries(bn)) {
      if (key === 'labelMaxFileSize') continue;
      expect(text, key).toMatch(/\S/);
      // Every label but the byte units differs from FilePond's English default.
      if (!key.startsWith('labelFileSize')) expect(text, key).not.toBe(en[key as keyof typeof en]);
    }
    expect(bn.labelMaxFileSizeExceeded).toMatch(/[\u0980-\u09FF]/);
  });

  it('reads one expected type alone and several as a list', () => {
    expect(filePondLabels(enOffice.upload.widget, 1).fileValidateTypeLabelExpectedTypes).toBe('Expects {lastType}');
    expect(filePondLabels(enOffice.upload.widget, 2).fileValidateTypeLabelExpectedTypes).toBe('Expects {allButLastType} or {lastType}');
  });

  it('names wildcards by their group and exact types by their subtype', () => {
    expect(expectedTypeNames(['image/*', 'application/pdf'], enOffice.upload.types)).toEqual({ 'image/*': 'image', 'application/pdf': 'PDF' });
    expect(expectedTypeNames(['image/*'], bnOffice.upload.types)).toEqual({ 'image/*': 'ছবি' });
    expect(expectedTypeNames(['font/*'], enOffice.upload.types)).toEqual({ 'font/*': 'font' });
  });
});
