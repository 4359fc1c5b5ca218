import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeyringValue, parseKeyring, seal, sealedKeyId, tokenAad, unseal } from './crypto.js';

const k1 = `k1:${randomBytes(32).toString('base64')}`;
const k2 = `k2:${randomBytes(32).toString('base64')}`;

describe('parseKeyring', () => {
  it('takes the first key as the active one', () => {
    const ring = parseKeyring(`${k2},${k1}`);
    expect(ring.activeKeyId).toBe('k2');
    expect([...ring.keys.keys()]).toEqual(['k2', 'k1']);
  });

  it('rejects malformed or short keys without echoing key material', () => {
    const short = `k1:${randomBytes(16).toString('base64')}`;
    expect(() => parseKeyring(short)).toThrow(/32 bytes/);
    try {
      parseKeyring(short);
    } catch (error) {
      expect(String(error)).not.toContain(short.slice(3));
    }
    expect(() => parseKeyring('semdoispontos')).toThrow(/formato/);
    expect(() => parseKeyring('')).toThrow(/nenhuma chave/);
    expect(() => parseKeyring(`${k1},${k1}`)).toThrow(/repetida/);
  });

  it('generates values it can parse', () => {
    expect(parseKeyring(generateKeyringValue('dev')).activeKeyId).toBe('dev');
  });
});

describe('seal / unseal', () => {
  const ring = parseKeyring(k1);
  const aad = tokenAad('connected_accounts', 'row-1', 'access_token');

  it('round-trips and never contains the plaintext', () => {
    const sealed = seal(ring, 'SENTINEL-token-123', aad);
    expect(sealed).toMatch(/^v1:k1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain('SENTINEL');
    expect(unseal(ring, sealed, aad)).toBe('SENTINEL-token-123');
  });

  it('fails on a flipped byte, another row, or another column', () => {
    const sealed = seal(ring, 'secret', aad);
    const parts = sealed.split(':');
    const ct = Buffer.from(parts[4]!, 'base64url');
    ct[0] = (ct[0] ?? 0) ^ 1;
    parts[4] = ct.toString('base64url');
    expect(() => unseal(ring, parts.join(':'), aad)).toThrow(/não pôde ser aberto/);
    expect(() => unseal(ring, sealed, tokenAad('connected_accounts', 'row-2', 'access_token'))).toThrow();
    expect(() => unseal(ring, sealed, tokenAad('connected_accounts', 'row-1', 'refresh_token'))).toThrow();
  });

  it('uses a fresh IV per write', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i++) ivs.add(seal(ring, 'x', aad).split(':')[2]!);
    expect(ivs.size).toBe(10_000);
  });

  it('opens values of a retired-but-listed key after rotation', () => {
    const old = seal(ring, 'old', aad);
    const rotated = parseKeyring(`${k2},${k1}`);
    expect(unseal(rotated, old, aad)).toBe('old');
    const fresh = seal(rotated, 'new', aad);
    expect(sealedKeyId(fresh)).toBe('k2');
    expect(() => unseal(parseKeyring(k1), fresh, aad)).toThrow(/k2/);
  });
});
