// The worker's configuration: the timing relation that keeps a healthy worker from being taken
// for a stalled one (docs/publishing.md, "Timing").
import { EnvError } from '@pauta/core/config/env';
import { describe, expect, it } from 'vitest';
import { loadWorkerEnv, minimumStaleClaimMs } from './env.js';

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
