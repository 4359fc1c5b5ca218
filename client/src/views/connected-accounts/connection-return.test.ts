import { connectionErrorMessages, messages } from '@pauta/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  connectionFailurePath,
  describeConnectionError,
  forgetConnectPlatform,
  readConnectionReturn,
  rememberConnectPlatform,
} from './connection-return';

beforeEach(() => window.sessionStorage.clear());

describe('the OAuth return of a connection', () => {
  it('is null without connection=true', () => {
    expect(readConnectionReturn('?pickPage=x')).toBeNull();
  });

  it('reads the error, reason, platform and a well-formed pickPage id', () => {
    expect(
      readConnectionReturn('?connection=true&error=OAUTH_FAILED&reason=access_denied&platform=x'),
    ).toEqual({
      error: 'OAUTH_FAILED',
      reason: 'access_denied',
      platform: 'x',
      pickPage: null,
      pickInstagram: null,
      pickLinkedInPage: null,
      pickPinterestBoard: null,
      pickGoogleBusiness: null,
    });
    const id = '11111111-2222-4333-8444-555555555555';
    expect(readConnectionReturn(`?connection=true&pickPage=${id}`)?.pickPage).toBe(id);
    expect(readConnectionReturn('?connection=true&pickPage=../../etc')?.pickPage).toBeNull();
    expect(readConnectionReturn(`?connection=true&pickInstagram=${id}`)?.pickInstagram).toBe(id);
    expect(readConnectionReturn('?connection=true&pickInstagram=../x')?.pickInstagram).toBeNull();
    expect(readConnectionReturn(`?connection=true&pickLinkedInPage=${id}`)?.pickLinkedInPage).toBe(id);
    expect(readConnectionReturn(`?connection=true&pickPinterestBoard=${id}`)?.pickPinterestBoard).toBe(id);
    expect(readConnectionReturn(`?connection=true&pickGoogleBusiness=${id}`)?.pickGoogleBusiness).toBe(id);
    expect(
      readConnectionReturn('?connection=true&pickGoogleBusiness=accounts/1')?.pickGoogleBusiness,
    ).toBeNull();
    expect(readConnectionReturn('?connection=true&platform=myspace')?.platform).toBeNull();
  });

  it('falls back to the network remembered before leaving, without forgetting it on read', () => {
    rememberConnectPlatform('linkedin');
    expect(readConnectionReturn('?connection=true')?.platform).toBe('linkedin');
    expect(readConnectionReturn('?connection=true')?.platform).toBe('linkedin');
    forgetConnectPlatform();
    expect(readConnectionReturn('?connection=true')?.platform).toBeNull();
  });

  it('builds the failure path of the callback page', () => {
    expect(connectionFailurePath('OAUTH_FAILED', { platform: 'x', reason: 'invalid_grant' })).toBe(
      '/connected-accounts?connection=true&error=OAUTH_FAILED&reason=invalid_grant&platform=x',
    );
    expect(connectionFailurePath(null)).toBe('/connected-accounts?connection=true&error=unknown_error');
  });

  it('maps errors by content, with the X and LinkedIn texts', () => {
    expect(describeConnectionError('invalid_request', null, 'x').message).toBe(
      connectionErrorMessages.invalid_request.x,
    );
    expect(describeConnectionError('OAUTH_FAILED', 'invalid_client', 'linkedin').message).toBe(
      connectionErrorMessages.invalid_request.linkedin,
    );
    expect(describeConnectionError('OAUTH_FAILED', 'invalid_grant', 'facebook')).toEqual({
      title: messages.auth.authErrorTitle,
      message: messages.accounts.connectUnexpectedWithDetails(
        'Facebook: Credenciais inválidas. Tente novamente.',
      ),
    });
  });
});
