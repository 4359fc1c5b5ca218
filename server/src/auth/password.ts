// Password hashing (argon2id, m=19 MiB, t=2, p=1 — OWASP's minimum) and the strength check:
// length, a list of common passwords held offline, and zxcvbn's estimate with the common and pt-BR
// dictionaries (score ≥ 3 of 4); no composition rules (docs/security.md A6).
import { hash, verify } from '@node-rs/argon2';
import { AppError, INPUT_LIMITS, type PasswordIssue } from '@pauta/core';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations as ptBrTranslations } from '@zxcvbn-ts/language-pt-br';

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

/** Lowest zxcvbn score accepted (3: "safely unguessable", ~10^8–10^10 guesses). */
export const MIN_ZXCVBN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use (~100 ms, the dictionaries): the common and pt-BR lists plus our favourites. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: ptBrTranslations,
    graphs: adjacencyGraphs,
    dictionary: {
      ...dictionary,
      ...ptBrDictionary,
      // The base words of the pt-BR favourites, so "Senha@123" or "brasil2026" rank as guessable.
      'passwords-pt-br': ['senha', ...PT_BR_BASE_WORDS, ...PT_BR_COMMON],
    },
  });
  return estimator;
}

const PT_BR_BASE_WORDS = [
  'mudar',
  'brasil',
  'flamengo',
  'corinthians',
  'palmeiras',
  'vasco',
  'gremio',
  'inter',
  'teamo',
  'amor',
  'pauta',
];

export interface PasswordCheck {
  issues: PasswordIssue[];
  /** zxcvbn's pt-BR warning and suggestions when the password is too weak. */
  feedback: string[];
}

/** Every reason to refuse `password`, with zxcvbn's pt-BR feedback (docs/security.md A6). */
export function checkPassword(password: string, context: { email?: string } = {}): PasswordCheck {
  const issues = checkPasswordStrength(password, context);
  const feedback: string[] = [];
  if (issues.length === 0 || (issues.length === 1 && issues[0] === 'CONTAINS_EMAIL')) {
    const local = context.email?.split('@')[0];
    const result = zxcvbn().check(password, local ? [local] : []);
    if (result.score < MIN_ZXCVBN_SCORE) {
      issues.push('TOO_WEAK');
      if (result.feedback.warning) feedback.push(result.feedback.warning);
      feedback.push(...result.feedback.suggestions);
    }
  }
  return { issues, feedback };
}

/** Throws AppError WEAK_PASSWORD (with the reasons and feedback) unless `password` is acceptable. */
export function assertStrongPassword(password: string, context: { email?: string } = {}): void {
  const { issues, feedback } = checkPassword(password, context);
  if (issues.length)
    throw new AppError('WEAK_PASSWORD', {
      passwordIssues: issues,
      ...(feedback.length ? { passwordFeedback: feedback } : {}),
    });
}

/** Length, the offline common list and the email: the cheap checks (checkPassword adds zxcvbn). */
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
