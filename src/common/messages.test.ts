import { describe, expect, it } from 'vitest';
import { MESSAGE_DOMAINS, messages } from './messages.js';

describe('the messages catalog', () => {
  it('holds every domain’s keys, none declared by two domains (the later would silently win)', () => {
    const declared = MESSAGE_DOMAINS.flatMap((domain) => Object.keys(domain.en));
    expect(declared.filter((key, index) => declared.indexOf(key) !== index)).toEqual([]);
    expect(Object.keys(messages.en).sort()).toEqual([...declared].sort());
    expect(Object.keys(messages.bn).sort()).toEqual([...declared].sort());
  });
});
