// The ids sandbox Threads gives a sandbox user: a Threads user id of its own (Threads' ids are not
// the person's Meta or Instagram ids) and the post links Threads builds from the username.
import type { SandboxUser } from './store.js';

/** The user's Threads user id: 17 digits, stable, distinct from the other networks' ids. */
export function threadsUserId(user: Pick<SandboxUser, 'sub'>): string {
  return `2${user.sub.slice(-16).padStart(16, '0')}`;
}

/** `https://www.threads.net/@<username>/post/<shortcode>`, the shortcode from the media id. */
export function threadsPermalink(username: string, mediaId: string): string {
  return `https://www.threads.net/@${username}/post/${BigInt(mediaId).toString(36).toUpperCase().slice(-11)}`;
}
