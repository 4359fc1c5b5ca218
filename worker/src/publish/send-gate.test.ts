// The process's send slots (issue 24): at most `size` holders; the next waits for a release, in
// arrival order; giving a slot back twice frees one slot, not two.
import { describe, expect, it } from 'vitest';
import { createSendGate } from './send-gate.js';

describe('createSendGate', () => {
  it('lets `size` holders in, queues the rest in order, and a double release frees one slot', async () => {
    const gate = createSendGate(2);
    const first = await gate.acquire();
    const second = await gate.acquire();
    const order: string[] = [];
    const third = gate.acquire().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = gate.acquire().then((release) => {
      order.push('fourth');
      return release;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    expect(gate.inFlight).toBe(2);
    first();
    first();
    await third;
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['third']);
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    (await third)();
    expect(gate.inFlight).toBe(0);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => createSendGate(0)).toThrow();
  });
});
