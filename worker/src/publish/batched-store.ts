// The PublishStore the worker process uses: claims, send-starts and completions of the jobs in
// flight are batched into a few statements (db publishing-batch.repository.ts), each row fenced
// as its single-post statement is. A batch that fails falls back to the single-post statements.
import {
  type ClaimedPost,
  type CompletionInput,
  claimPost,
  claimPosts,
  completePublish,
  completePublishes,
  type Database,
  findPostAccountsWithTokens,
  findPostAccountWithTokens,
  type Keyring,
  markSendStarted,
  markSendsStarted,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import { createBatcher } from './batcher.js';
import type { PublishStore } from './publish-post.processor.js';

/** Posts per statement: large enough for a burst, small enough to keep each statement short. */
const MAX_BATCH = 200;

/**
 * `maxInFlight` statements of each kind at a time (four kinds: claim, account read, send-start,
 * completion): the publishing path's common statements never hold more than 4 × maxInFlight
 * connections, whatever the number of jobs in flight.
 */
export function createBatchedStore(
  db: Kysely<Database>,
  keyring: Keyring,
  maxInFlight: number,
): PublishStore {
  const claim = createBatcher<{ postId: string; version: number }, ClaimedPost | undefined>({
    // The claim's commit does not wait for the WAL flush (synchronous_commit off, this transaction
    // only): nothing leaves Pauta on the strength of a claim alone — the send needs
    // markSendStarted, whose synchronous commit flushes the WAL up to and including this claim
    // first. A crash of PostgreSQL in between loses the claim and the send-start with it: the
    // post is `scheduled` again under the same version, its worker's fenced send-start fails
    // (nothing sent), and the reconciler re-enqueues it (docs/publishing.md, "Batches").
    run: (items) => claimPosts(db, items, { asyncCommit: true }),
    single: (item) => claimPost(db, item.postId, item.version),
    maxBatch: MAX_BATCH,
    maxInFlight,
  });
  // Its own statement after the claim has committed, never inside it: a read that waits (a lock
  // on connected_accounts) then waits with the claim visible to the reconciler (I2), not with
  // claims that no one else can see or repair.
  const account = createBatcher<ClaimedPost, Awaited<ReturnType<PublishStore['account']>>>({
    run: (posts) => findPostAccountsWithTokens(db, keyring, posts),
    single: (post) => findPostAccountWithTokens(db, keyring, post),
    maxBatch: MAX_BATCH,
    maxInFlight,
  });
  const markSendStarted_ = createBatcher<ClaimedPost, boolean>({
    run: (posts) => markSendsStarted(db, posts),
    single: (post) => markSendStarted(db, post),
    maxBatch: MAX_BATCH,
    maxInFlight,
  });
  const complete = createBatcher<CompletionInput, boolean>({
    run: (items) => completePublishes(db, items),
    single: (item) => completePublish(db, item),
    maxBatch: MAX_BATCH,
    maxInFlight,
  });
  return {
    claim: (postId, version) => claim({ postId, version }),
    account,
    markSendStarted: markSendStarted_,
    complete,
  };
}
