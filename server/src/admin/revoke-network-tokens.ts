// Before a user's data is erased, their tokens are revoked at the networks that allow it (the
// registry's `revoke` capability: X has a revocation endpoint; LinkedIn and Facebook Pages offer
// none for these tokens). Best effort:
// a network that is down never blocks the erasure, and the failure is logged without the token.
import { listUserAccounts, readAccountTokens } from '@pauta/db';
import { capabilitiesOf } from '@pauta/networks';
import { connectProvider } from '../auth/oauth-providers.js';
import type { AppDeps } from '../deps.js';

export async function revokeNetworkTokens(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger'>,
  request: { user_id: string | null },
): Promise<{ revoked: number; failed: number }> {
  const userId = request.user_id;
  const report = { revoked: 0, failed: 0 };
  if (!userId) return report;
  for (const account of await listUserAccounts(deps.db, userId)) {
    const provider = capabilitiesOf(account.platform).revoke
      ? connectProvider(deps.env, account.platform)
      : null;
    if (!provider?.revokeToken) continue;
    try {
      const tokens = await readAccountTokens(deps.db, deps.env.keyring, account.id);
      for (const token of [tokens.refreshToken, tokens.accessToken])
        if (token) await provider.revokeToken(token);
      report.revoked += 1;
    } catch (error) {
      report.failed += 1;
      deps.logger.warn(
        { accountId: account.id, platform: account.platform, err: error },
        'token não revogado na rede',
      );
    }
  }
  return report;
}
