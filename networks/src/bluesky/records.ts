// The account's own post records (`com.atproto.repo.listRecords`), read by both lookups: the
// post's after a doubtful publish (publish.ts) and the reply's (first-comment.ts).
import { type HttpContext, isObject, stringField } from '../publishing/http.js';
import type { ListedPage } from '../publishing/lookup.js';
import type { PublishTarget } from '../publishing/types.js';
import { splitSession } from './session.js';
import { POST_COLLECTION, xrpc } from './xrpc.js';

/**
 * One page of the target account's own post records (`com.atproto.repo.listRecords`, newest
 * first) as listed posts, for the lookups. `listed` says what a record is to the lookup (its text,
 * its URL), or null when it is not listed at all; the record's date is its `createdAt`.
 */
export async function listPostRecords(
  ctx: HttpContext,
  target: PublishTarget,
  cursor: string | null,
  signal: AbortSignal | undefined,
  listed: (uri: string, value: unknown) => { text: string | null; url: string | null } | null,
): Promise<ListedPage> {
  const result = await xrpc(ctx, {
    ...splitSession(target.accessToken),
    nsid: 'com.atproto.repo.listRecords',
    query: {
      repo: target.platformUserId,
      collection: POST_COLLECTION,
      limit: '50',
      ...(cursor === null ? {} : { cursor }),
    },
    signal,
  });
  const records = isObject(result.json) && Array.isArray(result.json.records) ? result.json.records : [];
  return {
    posts: records.flatMap((item) => {
      const uri = stringField(item, 'uri');
      const value = isObject(item) ? item.value : null;
      const post = uri === null ? null : listed(uri, value);
      if (uri === null || post === null) return [];
      const createdAt = stringField(value, 'createdAt');
      const date = createdAt === null ? null : new Date(createdAt);
      return [{ id: uri, ...post, createdAt: date === null || Number.isNaN(date.getTime()) ? null : date }];
    }),
    next: stringField(result.json, 'cursor'),
  };
}
