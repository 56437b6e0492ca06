/** Documents take turns by account: one account's many requests do not all go before another's one. */
import { describe, expect, it } from 'vitest';
import { FairSlots } from './slots.js';

describe('FairSlots', () => {
  it('serves the waiting owners round-robin, each owner in its own order', async () => {
    const slots = new FairSlots(1);
    const order: string[] = [];
    const release = await slots.acquire('first');
    const waiting = [
      ...['a1', 'a2', 'a3', 'a4'].map((name) => slots.run('a', async () => void order.push(name))),
      slots.run('b', async () => void order.push('b1')),
      ...['c1', 'c2'].map((name) => slots.run('c', async () => void order.push(name))),
    ];
    expect(slots.queued).toBe(7);
    release();
    await Promise.all(waiting);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(slots.queued).toBe(0);
  });
});
