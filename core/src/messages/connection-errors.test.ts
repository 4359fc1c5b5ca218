import { describe, expect, it } from 'vitest';
import {
  classifyConnectionError,
  connectionErrorMessage,
  connectionErrorMessages,
} from './connection-errors.js';

describe('classifyConnectionError', () => {
  it.each([
    ['redirect_uri_mismatch', 'invalid_path'],
    ['Invalid path in request', 'invalid_path'],
    ['unauthorized_scope_error: Scope "w_member_social" is not authorized', 'unauthorized_scope'],
    ['invalid_scope', 'unauthorized_scope'],
    ['invalid_request', 'invalid_request'],
    ['access_denied', 'access_denied'],
    ['The user cancelled the authorization', 'access_denied'],
    ['TypeError: fetch failed', 'network'],
    ['connect ECONNREFUSED 127.0.0.1:4010', 'network'],
    ['NetworkError when attempting to fetch resource.', 'network'],
  ] as const)('%j is %s', (message, kind) => {
    expect(classifyConnectionError(message)).toBe(kind);
  });

  it('returns null for anything else (the generic text applies)', () => {
    expect(classifyConnectionError('something odd')).toBeNull();
  });
});

describe('connectionErrorMessage', () => {
  it('uses the X and LinkedIn texts where they exist', () => {
    expect(connectionErrorMessage('invalid_path', 'x')).toBe(connectionErrorMessages.invalid_path.x);
    expect(connectionErrorMessage('invalid_path', 'linkedin')).toBe(
      connectionErrorMessages.invalid_path.linkedin,
    );
    expect(connectionErrorMessage('invalid_path', 'facebook')).toBe(
      connectionErrorMessages.invalid_path.default,
    );
    expect(connectionErrorMessage('access_denied', 'x')).toBe(connectionErrorMessages.access_denied.default);
    expect(connectionErrorMessage('network')).toBe(connectionErrorMessages.network.default);
  });
});
