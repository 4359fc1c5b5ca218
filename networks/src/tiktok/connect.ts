// Connecting a TikTok account: the login is the account (PROFILE_CONNECT: open_id, display name,
// avatar), once TikTok granted what publishing needs. TikTok's dialog lets the person untick
// scopes: without video.publish no video can be posted, so the connection is refused with a
// pt-BR reason (the profile's `refusals`) instead of an account that fails at its first post.
import { ConnectRefusedError, type ConnectSteps, PROFILE_CONNECT } from '../connect/types.js';

/** The scopes an account cannot publish without. */
export const TIKTOK_REQUIRED_SCOPES = ['user.info.basic', 'video.publish'] as const;

export const TIKTOK_CONNECT: ConnectSteps = {
  async complete(provider, tokens, scopes) {
    const missing = TIKTOK_REQUIRED_SCOPES.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0)
      throw new ConnectRefusedError('tiktok_publish_scope_missing', {
        message: 'TikTok granted the connection without the scopes publishing needs',
        details: { missing, granted: scopes },
      });
    return PROFILE_CONNECT.complete(provider, tokens, scopes);
  },
};
