// The worker's configuration: the timing relation that keeps a healthy worker from being taken
// for a stalled one (docs/publishing.md, "Timing").
import { EnvError } from '@pauta/core/config/env';
import { describe, expect, it } from 'vitest';
import { claimLeaseTiming, loadWorkerEnv, minimumStaleClaimMs } from './env.js';

const KEYS = `t1:${Buffer.alloc(32, 7).toString('base64')}`;

function load(vars: Record<string, string>) {
  return loadWorkerEnv({ TOKEN_ENCRYPTION_KEYS: KEYS, ...vars });
}

describe('loadWorkerEnv: STALE_CLAIM_MS and NETWORK_TIMEOUT_MS', () => {
  it('defaults to a 20 s network timeout and a 2 min stale claim, which fit together', () => {
    const env = load({});
    expect(env.NETWORK_TIMEOUT_MS).toBe(20_000);
    expect(env.STALE_CLAIM_MS).toBe(120_000);
    expect(env.STALE_CLAIM_MS).toBeGreaterThanOrEqual(minimumStaleClaimMs(env.NETWORK_TIMEOUT_MS));
  });

  it('accepts the smallest stale claim that two network calls and the margin fit in', () => {
    expect(load({ NETWORK_TIMEOUT_MS: '1000', STALE_CLAIM_MS: '3000' }).STALE_CLAIM_MS).toBe(3000);
  });

  it('refuses to start when a network call could outlive a claim, naming both variables', () => {
    let error: unknown;
    try {
      load({ STALE_CLAIM_MS: '30000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual([
      { variable: 'STALE_CLAIM_MS', message: expect.stringContaining('2 × NETWORK_TIMEOUT_MS + 1000 ms') },
    ]);
    expect((error as EnvError).message).toContain('41000 ms');
    expect(() => load({ NETWORK_TIMEOUT_MS: '60000' })).toThrow(/STALE_CLAIM_MS.*NETWORK_TIMEOUT_MS/);
  });
});

describe('loadWorkerEnv: VIDEO_PUBLISH_TIMEOUT_MS and the claim lease (docs/publishing.md, "Vídeo")', () => {
  it('gives a video call 30 min by default, its requests NETWORK_TIMEOUT_MS each', () => {
    const env = load({});
    expect(env.VIDEO_PUBLISH_TIMEOUT_MS).toBe(30 * 60_000);
    expect(env.NETWORK_TIMEOUT_MS).toBe(20_000);
  });

  it('renews the lease well inside STALE_CLAIM_MS and gives it up after half of it', () => {
    const { renewMs, graceMs } = claimLeaseTiming(load({}).STALE_CLAIM_MS);
    expect(renewMs).toBe(20_000);
    expect(graceMs).toBe(60_000);
    // Two renewals fail before the lease is given up, and the reconciler waits a whole STALE_CLAIM_MS.
    expect(graceMs).toBeGreaterThanOrEqual(2 * renewMs);
    expect(graceMs).toBeLessThan(120_000);
  });

  it('refuses a video budget without room for an upload request and the visible create', () => {
    expect(() => load({ VIDEO_PUBLISH_TIMEOUT_MS: '30000' })).toThrow(
      /VIDEO_PUBLISH_TIMEOUT_MS.*2 × NETWORK_TIMEOUT_MS.*40000 ms/,
    );
    expect(load({ VIDEO_PUBLISH_TIMEOUT_MS: '40000' }).VIDEO_PUBLISH_TIMEOUT_MS).toBe(40_000);
  });
});
