// Sandbox Mastodon's account ids: the same digits for a sandbox user at every instance (Mastodon's
// ids are snowflake-like numbers), shared by the instances and the post pages.
import { createHash } from 'node:crypto';
import type { SandboxUser } from './store.js';

export function mastodonAccountId(user: SandboxUser): string {
  const digest = createHash('sha256').update(user.sub).digest('hex').slice(0, 12);
  return (BigInt(`0x${digest}`) + 109_000_000_000_000n).toString();
}
