// The claim lease on its own (docs/publishing.md, "Vídeo"): when it renews, when it gives up, and
// that nothing it learns after stop() can abort the call.
import { describe, expect, it, vi } from 'vitest';
import { LeaseLostError, startClaimLease } from './claim-lease.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startClaimLease', () => {
  it('always tries its first renewal, however long ago the claim was confirmed (a second send after a 401)', async () => {
    const renew = vi.fn(async () => true);
    const confirmed: number[] = [];
    const lease = startClaimLease({
      renew,
      intervalMs: 20,
      graceMs: 100,
      confirmedAt: Date.now() - 60_000,
      onConfirmed: (at) => confirmed.push(at),
    });
    await sleep(70);
    lease.stop();
    expect(lease.lost()).toBeNull();
    expect(lease.signal.aborted).toBe(false);
    expect(renew.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(confirmed[0]).toBeGreaterThan(Date.now() - 1000);
  });

  it('a renewal matching no row loses the lease at once, with the reason on the signal', async () => {
    const lease = startClaimLease({
      renew: async () => false,
      intervalMs: 1000,
      graceMs: 5000,
      confirmedAt: Date.now(),
    });
    await sleep(10);
    expect(lease.lost()).toBe('claim_lost');
    expect(lease.signal.aborted).toBe(true);
    expect(lease.signal.reason).toBeInstanceOf(LeaseLostError);
    lease.stop();
  });

  it('a hanging renewal is given up once the grace has passed since the last confirmation', async () => {
    const lease = startClaimLease({
      renew: () => new Promise<boolean>(() => {}),
      intervalMs: 10,
      graceMs: 60,
      confirmedAt: Date.now(),
    });
    await sleep(30);
    expect(lease.lost()).toBeNull();
    await sleep(120);
    expect(lease.lost()).toBe('unconfirmed');
    lease.stop();
  });

  it('after stop(), an answer that the claim is gone aborts nothing', async () => {
    let answer: (held: boolean) => void = () => {};
    const lease = startClaimLease({
      renew: () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
      intervalMs: 1000,
      graceMs: 5000,
      confirmedAt: Date.now(),
    });
    lease.stop();
    answer(false);
    await sleep(10);
    expect(lease.signal.aborted).toBe(false);
    expect(lease.lost()).toBeNull();
  });
});
