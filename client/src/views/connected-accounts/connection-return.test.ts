import { CONNECTABLE_PLATFORMS, connectionErrorMessages, messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
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
      already: false,
      pendingChoice: null,
    });
    expect(readConnectionReturn('?connection=true&already=true')?.already).toBe(true);
    expect(readConnectionReturn('?connection=true&already=1')?.already).toBe(false);
    const id = '11111111-2222-4333-8444-555555555555';
    expect(readConnectionReturn(`?connection=true&pickPage=${id}`)?.pickPage).toBe(id);
    expect(readConnectionReturn('?connection=true&pickPage=../../etc')?.pickPage).toBeNull();
    expect(readConnectionReturn(`?connection=true&pickInstagram=${id}`)?.pickInstagram).toBe(id);
    expect(readConnectionReturn('?connection=true&pickInstagram=../x')?.pickInstagram).toBeNull();
    // Each network of the shared picker, by its profile's return parameter.
    const pickers = CONNECTABLE_PLATFORMS.filter((platform) => NETWORK_PROFILES[platform].pendingChoice);
    expect(pickers).toEqual(['linkedin_page', 'pinterest', 'google_business']);
    for (const platform of pickers) {
      const param = NETWORK_PROFILES[platform].pendingChoice!.returnParam;
      expect(readConnectionReturn(`?connection=true&${param}=${id}`)?.pendingChoice).toEqual({
        platform,
        pendingId: id,
      });
      expect(readConnectionReturn(`?connection=true&${param}=accounts/1`)?.pendingChoice).toBeNull();
    }
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
