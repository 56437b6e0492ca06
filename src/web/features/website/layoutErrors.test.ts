import { describe, expect, it } from 'vitest';
import { splitLayoutErrors } from './layoutErrors';

describe('page builder 422 messages', () => {
  it('puts each row’s first message with its row, dotted or bracketed, and keeps the rest', () => {
    const { byRow, general } = splitLayoutErrors({
      'layout.rows.2.cells': ['wrong number of cells', 'second'],
      'layout[rows][0][layout]': ['unknown layout'],
      layout: ['too many rows'],
      id: [],
    });
    expect([...byRow]).toEqual([
      [2, 'wrong number of cells'],
      [0, 'unknown layout'],
    ]);
    expect(general).toEqual(['too many rows']);
  });
});
