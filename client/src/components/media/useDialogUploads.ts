// Images added in a dialog that is cancelled are not kept (issue 30): every upload is saved on the
// server at once (docs/media.md), so the dialog remembers the images it added and, on Cancel (the
// button, the ×, Escape), removes them; the ones the post had before the dialog opened stay. An
// upload that ends after the dialog was cancelled is removed as it arrives. media.remove is
// idempotent on the server (an image already gone answers the list as it is).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

interface Session {
  postId: string;
  added: Set<string>;
  cancelled: boolean;
}

export function useDialogUploads(postId: string | null) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();

  return useMemo(() => {
    // One session per opened post: a late upload of a cancelled dialog never lands in the next one.
    const session: Session | null = postId ? { postId, added: new Set(), cancelled: false } : null;

    const refresh = (id: string) => {
      void queryClient.invalidateQueries({ queryKey: trpc.media.list.queryKey({ postId: id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() });
    };
    const discard = async (target: Session, mediaIds: string[]) => {
      // One at a time: each answer is the post's list, and a failure leaves the rest to try.
      for (const mediaId of mediaIds) {
        try {
          await client.media.remove.mutate({ postId: target.postId, mediaId });
          target.added.delete(mediaId);
        } catch {
          // Kept on the server (offline, post no longer editable): the list shows it when refreshed.
        }
      }
      refresh(target.postId);
    };

    return {
      /** An image this dialog uploaded. */
      uploaded(mediaId: string) {
        if (!session) return;
        if (session.cancelled) void discard(session, [mediaId]);
        else session.added.add(mediaId);
      },
      /** The dialog was cancelled: its images go. */
      cancel() {
        if (!session || session.cancelled) return;
        session.cancelled = true;
        if (session.added.size > 0) void discard(session, [...session.added]);
      },
      /** The dialog was saved: its images stay. */
      keep() {
        session?.added.clear();
      },
      /** How many images this dialog added (and still has). */
      count: () => session?.added.size ?? 0,
    };
  }, [postId, client, queryClient, trpc]);
}

export type DialogUploads = ReturnType<typeof useDialogUploads>;
