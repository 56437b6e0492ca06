import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { example, examplesOf } from './examples.js';
import { optionalInt, requiredText } from './validation.js';

describe("a form field's examples", () => {
  it('are in the JSON Schema of what a client sends, through preprocessing and defaults', () => {
    const form = z.object({
      title: example(requiredText(), ['Admission 2026'], { unique: true }),
      position: example(optionalInt(0, 10).default(0), [3]),
      note: requiredText(),
    });
    const { properties } = z.toJSONSchema(form, { io: 'input' }) as { properties: Record<string, { examples?: unknown[] }> };
    expect(properties.title?.examples).toEqual(['Admission 2026']);
    expect(properties.position?.examples).toEqual([3]);
    expect(properties.note?.examples).toBeUndefined();
  });

  it('are read back with whether the field is unique', () => {
    expect(examplesOf(example(requiredText(), ['a1'], { unique: true }))).toEqual({ examples: ['a1'], unique: true });
    expect(examplesOf(example(requiredText(), ['b']))).toEqual({ examples: ['b'], unique: false });
    expect(examplesOf(requiredText())).toEqual({ examples: undefined, unique: false });
  });
});
