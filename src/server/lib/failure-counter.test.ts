import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureCounter } from './failure-counter.js';

const log = { error: () => {} } as unknown as FastifyBaseLogger;

describe('failures counted in process memory', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts each key in its own window and forgets it when the window ends', async () => {
    const counter = failureCounter(600, undefined, log);
    expect(await counter.reserve('a')).toBe(1);
    expect(await counter.reserve('a')).toBe(2);
    await counter.release('a');
    expect(await counter.count('a')).toBe(1);
    vi.advanceTimersByTime(300_000);
    await counter.add('b');
    vi.advanceTimersByTime(300_001);
    expect(await counter.count('a')).toBe(0);
    expect(await counter.count('b')).toBe(1);
    // A key counted again after its window starts a new one, which outlives the keys counted before it.
    expect(await counter.reserve('a')).toBe(1);
    vi.advanceTimersByTime(300_000);
    await counter.add('c');
    expect(await counter.count('b')).toBe(0);
    expect([await counter.count('a'), await counter.count('c')]).toEqual([1, 1]);
  });

  it('keeps at most its number of keys, dropping the oldest window first', async () => {
    const counter = failureCounter(600, undefined, log, 3);
    for (const key of ['a', 'b', 'c']) await counter.add(key);
    await counter.add('a');
    await counter.add('d');
    expect(await counter.count('a')).toBe(0);
    expect([await counter.count('b'), await counter.count('c'), await counter.count('d')]).toEqual([1, 1, 1]);
  });
});
