// Before a user's data is erased, their tokens are revoked at the networks that allow it (the
// registry's `revoke` capability: X has a revocation endpoint, Mastodon's instances `/oauth/revoke`;
// LinkedIn and Facebook Pages offer none for these tokens). Best effort:
// a network that is down never blocks the erasure, and the failure is logged without the token.
//
// The same network account may be connected in another workspace with its own authorization
// (docs/workspaces.md, "The same network account in two workspaces"). Several networks answer the
// same token to both consents, or revoke every grant of the app for that member: revoking here
// would silently break the other workspace's publishing. So, under the account identity's lock,
// the row is deactivated first and the network is asked to revoke only when no other row of the
// same account is still active: of two erasures at once, exactly the last one revokes.
import { deactivateUserAccountLocked, listUserAccounts, readAccountTokens } from '@pauta/db';
import { capabilitiesOf } from '@pauta/networks';
import { accountInstance, storedInstanceClient } from '../accounts/instances.js';
import { connectProvider } from '../auth/oauth-providers.js';
import type { AppDeps } from '../deps.js';

export async function revokeNetworkTokens(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger'>,
  request: { user_id: string | null },
): Promise<{ revoked: number; failed: number; kept: number }> {
  const userId = request.user_id;
  const report = { revoked: 0, failed: 0, kept: 0 };
  if (!userId) return report;
  for (const account of await listUserAccounts(deps.db, userId)) {
    // A network of many servers (Mastodon) revokes at the account's own server, with Pauta's app there.
    const instance = accountInstance(account.platform, account.platform_user_id);
    const provider = !capabilitiesOf(account.platform).revoke
      ? null
      : instance === null
        ? connectProvider(deps.env, account.platform)
        : await storedInstanceClient(deps, account.platform, instance);
    const revokeToken = provider?.revokeToken?.bind(provider);
    if (!revokeToken) continue;
    try {
      await deactivateUserAccountLocked(deps.db, account.id, async ({ activeElsewhere }) => {
        if (activeElsewhere) {
          report.kept += 1;
          deps.logger.info(
            { accountId: account.id, platform: account.platform },
            'conta ativa em outro cliente: token não revogado na rede',
          );
          return;
        }
        const tokens = await readAccountTokens(deps.db, deps.env.keyring, account.id);
        for (const token of [tokens.refreshToken, tokens.accessToken]) if (token) await revokeToken(token);
        report.revoked += 1;
      });
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
