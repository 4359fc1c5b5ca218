// Password hashing (argon2id, m=19 MiB, t=2, p=1 — OWASP's minimum) and the strength check:
// length only plus a list of common passwords held offline, no composition rules (docs/security.md A6).
import { hash, verify } from '@node-rs/argon2';
import { INPUT_LIMITS, type PasswordIssue } from '@pauta/core';
import { dictionary } from '@zxcvbn-ts/language-common';

export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** At most two hashes at once: each takes 19 MiB and one core for ~50 ms. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limited(() => verify(passwordHash, password).catch(() => false));
}

// Spending the same time on an unknown email as on a wrong password (same answer, same timing).
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('pauta-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

const PT_BR_COMMON = [
  'senha123',
  'senha1234',
  'senha12345',
  'minhasenha',
  'mudar123',
  'brasil123',
  'flamengo',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'vasco123',
  'gremio123',
  'internacional',
  'cruzeiro',
  'botafogo',
  'fluminense',
  'santos123',
  'meuamor',
  'teamo123',
  'amorzinho',
  'pauta123',
  'abcd1234',
  'qwerty123',
];

/** The most common passwords (top 10,000 of zxcvbn's list) plus pt-BR favourites. */
const COMMON = new Set([...(dictionary['passwords-common'] as string[]).slice(0, 10_000), ...PT_BR_COMMON]);

export function checkPasswordStrength(password: string, context: { email?: string } = {}): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  const length = [...password].length;
  if (length < INPUT_LIMITS.passwordMin) issues.push('TOO_SHORT');
  if (length > INPUT_LIMITS.passwordMax) issues.push('TOO_LONG');
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) issues.push('TOO_COMMON');
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) issues.push('CONTAINS_EMAIL');
  return issues;
}
