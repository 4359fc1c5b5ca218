import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('calls made together go in one batch; while it runs, the next calls wait and go together', async () => {
    const batches: number[][] = [];
    let release: (() => void) | null = null;
    const batch = createBatcher<number, number>({
      run: async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((i) => i * 10);
      },
      single: async (i) => i * 10,
      maxBatch: 100,
      maxInFlight: 1,
    });
    const first = [batch(1), batch(2)];
    await tick();
    const later = [batch(3), batch(4), batch(5)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    release!();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('splits at maxBatch and runs up to maxInFlight batches at once', async () => {
    const sizes: number[] = [];
    let running = 0;
    let most = 0;
    const batch = createBatcher<number, number>({
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        sizes.push(items.length);
        await tick();
        running -= 1;
        return items;
      },
      single: async (i) => i,
      maxBatch: 3,
      maxInFlight: 2,
    });
    const all = await Promise.all(Array.from({ length: 8 }, (_, i) => batch(i)));
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 2]);
    expect(most).toBe(2);
  });

  it('a failed batch falls back to one call per item: only the item that fails alone fails', async () => {
    const singles: number[] = [];
    const batch = createBatcher<number, string>({
      run: async () => {
        throw new Error('deadlock detected');
      },
      single: async (i) => {
        singles.push(i);
        if (i === 2) throw new Error('falhou sozinho');
        return `ok ${i}`;
      },
      maxBatch: 10,
      maxInFlight: 1,
    });
    const results = await Promise.allSettled([batch(1), batch(2), batch(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'ok 1',
      'falhou sozinho',
      'ok 3',
    ]);
    expect(singles.sort()).toEqual([1, 2, 3]);
  });
});
