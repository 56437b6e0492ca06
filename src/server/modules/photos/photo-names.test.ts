/** The names people give the files of a photo zip (docs/integrators/photos.md), read as the student they mean. */
import { describe, expect, it } from 'vitest';
import { isClutter, photoNameOf } from './photo-names.js';

describe('photo names', () => {
  it.each([
    ['04-12.jpg', { kind: 'roll', class: '04', roll: '12' }],
    ['4_012.JPG', { kind: 'roll', class: '04', roll: '12' }],
    ['07 - 3.jpeg', { kind: 'roll', class: '07', roll: '3' }],
    ['০৪-১২.png', { kind: 'roll', class: '04', roll: '12' }],
    ['04/12.jpg', { kind: 'roll', class: '04', roll: '12' }],
    ['school/Class 7/ 5 .jpg', { kind: 'roll', class: '07', roll: '5' }],
    ['ক্লাস ৪/১.jpg', { kind: 'roll', class: '04', roll: '1' }],
    ['2600000012345.jpg', { kind: 'reg_no', reg_no: '2600000012345' }],
    ['২৬০০০০০০১২৩৪৫.HEIC', { kind: 'reg_no', reg_no: '2600000012345' }],
  ])('%s', (name, expected) => expect(photoNameOf(name)).toEqual(expected));

  it.each(['12.jpg', '05-12.jpg', 'Class 5/12.jpg', 'rahim.jpg', '../04-12.jpg', '/04-12.jpg', 'C:/04-12.jpg', '04/../12.jpg', '260000001234.jpg'])(
    '%s names nobody',
    (name) => expect(photoNameOf(name)).toBeUndefined(),
  );

  it('skips what the zip carries besides photos', () => {
    for (const name of ['04/', '__MACOSX/04/._12.jpg', '04/.DS_Store', 'Thumbs.db', 'photos/desktop.ini']) expect(isClutter(name)).toBe(true);
    expect(isClutter('04/12.jpg')).toBe(false);
  });
});
