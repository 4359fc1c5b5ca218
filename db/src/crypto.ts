// Sealing of OAuth tokens at rest: AES-256-GCM, a random 96-bit IV per write, a 128-bit tag,
// and AAD binding the ciphertext to its row and column. Only the accounts repository uses it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface Keyring {
  /** The key new values are sealed with. */
  activeKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export class KeyringError extends Error {
  override name = 'KeyringError';
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses `TOKEN_ENCRYPTION_KEYS`: comma-separated `keyId:base64key` entries, each key exactly
 * 32 bytes. The first entry is the active key; the others only decrypt (rotation).
 * Errors never include key material.
 */
export function parseKeyring(value: string): Keyring {
  const keys = new Map<string, Buffer>();
  let activeKeyId: string | undefined;
  for (const [index, entry] of value.split(',').entries()) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const sep = trimmed.indexOf(':');
    const keyId = sep > 0 ? trimmed.slice(0, sep) : '';
    if (!KEY_ID.test(keyId)) {
      throw new KeyringError(`entrada ${index + 1}: use o formato idDaChave:chaveEmBase64`);
    }
    const key = Buffer.from(trimmed.slice(sep + 1), 'base64');
    if (key.length !== 32) {
      throw new KeyringError(
        `chave "${keyId}": precisa ter exatamente 32 bytes em base64 (tem ${key.length})`,
      );
    }
    if (keys.has(keyId)) throw new KeyringError(`chave "${keyId}" repetida`);
    keys.set(keyId, key);
    activeKeyId ??= keyId;
  }
  if (!activeKeyId) throw new KeyringError('nenhuma chave informada');
  return { activeKeyId, keys };
}

export function generateKeyringValue(keyId = `k${Date.now().toString(36)}`): string {
  return `${keyId}:${randomBytes(32).toString('base64')}`;
}

/** Associated data: a sealed value only opens in the row and column it was written for. */
export function tokenAad(table: string, id: string, column: string): string {
  return `${table}:${id}:${column}`;
}

export function seal(keyring: Keyring, plaintext: string, aad: string): string {
  const key = keyring.keys.get(keyring.activeKeyId);
  if (!key) throw new KeyringError('chave ativa ausente');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    'v1',
    keyring.activeKeyId,
    iv.toString('base64url'),
    tag.toString('base64url'),
    ciphertext.toString('base64url'),
  ].join(':');
}

export class UnsealError extends Error {
  override name = 'UnsealError';
}

export function unseal(keyring: Keyring, sealed: string, aad: string): string {
  const parts = sealed.split(':');
  if (parts.length !== 5 || parts[0] !== 'v1') throw new UnsealError('formato de token selado inválido');
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const key = keyring.keys.get(keyId);
  if (!key) throw new UnsealError(`chave "${keyId}" não está em TOKEN_ENCRYPTION_KEYS`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new UnsealError('token selado não pôde ser aberto (chave, linha ou conteúdo não conferem)');
  }
}

/** The key id a sealed value was written with (for the rotation job). */
export function sealedKeyId(sealed: string): string | undefined {
  return sealed.split(':')[1];
}
