import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ErrorCode,
  errorMessages,
  getErrorMessage,
  isErrorCode,
  isPublishErrorCode,
  PublishErrorCode,
  publishErrorMessages,
} from './error-codes.js';

describe('errorMessages', () => {
  it('has a pt-BR text for every code', () => {
    expect(ERROR_CODES.length).toBeGreaterThanOrEqual(10);
    for (const code of ERROR_CODES) expect(errorMessages[code]).toMatch(/\S/);
  });

  it('reuses the spec texts where the spec has one', () => {
    expect(errorMessages[ErrorCode.INVALID_CREDENTIALS]).toBe('Email ou senha incorretos.');
    expect(errorMessages[ErrorCode.INTERNAL]).toBe('Ocorreu um erro inesperado.');
  });
});

describe('getErrorMessage', () => {
  it('maps known codes and falls back for anything else', () => {
    expect(getErrorMessage('RATE_LIMITED')).toBe(errorMessages.RATE_LIMITED);
    expect(getErrorMessage('NOPE')).toBe(errorMessages.INTERNAL);
    expect(getErrorMessage(undefined)).toBe(errorMessages.INTERNAL);
    expect(getErrorMessage('toString')).toBe(errorMessages.INTERNAL);
  });
});

describe('code guards', () => {
  it('recognise only their own codes', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('forbidden')).toBe(false);
    expect(isPublishErrorCode(PublishErrorCode.UNKNOWN_OUTCOME)).toBe(true);
    expect(isPublishErrorCode('EMAIL_TAKEN')).toBe(false);
    for (const code of Object.values(PublishErrorCode)) expect(publishErrorMessages[code]).toMatch(/\S/);
  });
});
