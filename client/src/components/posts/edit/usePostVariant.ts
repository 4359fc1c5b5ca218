// 'Criar versão para outra rede' (issue 15 item 4): a sibling post in the same theme, for another
// of its networks, with the text and the date-time on screen (saved or not; issue 30) adapted to that network.
import { messages, PLATFORM_LABELS, type Platform } from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGuardedMutation } from '../../../lib/actions';
import { requestStateText } from '../../../lib/errors';
import { showError, showSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { describeScheduleError, describeUpdateError } from '../post-errors';
import { combineLocalDateTime, normalizeTime } from '../time-zone';
import type { PostItem } from '../types';
import { isConflict, useRefreshPosts } from '../usePostActions';

const text = messages.posts;

export function usePostVariant(
  post: PostItem,
  form: { title: string; content: string; date: string | null; time: string },
  timeZone: string,
) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const themes = useQuery(trpc.themes.list.queryOptions());
  const networks = themes.data?.find((theme) => theme.id === post.themeId)?.socialNetworks ?? null;
  /** The theme's other networks: where a version can go; null while the theme is unknown. */
  const targets = networks === null ? null : networks.filter((network) => network !== post.platform);
  const [target, setTarget] = useState<Platform | null>(null);
  const chosen = target ?? targets?.[0] ?? null;

  const create = useGuardedMutation(
    trpc.posts.createVariant.mutationOptions({
      onSuccess: async (result, input) => {
        const network = PLATFORM_LABELS[input.platform];
        const how =
          result.source === 'ai'
            ? text.variantAdaptedByAi
            : result.source === 'fit'
              ? text.variantShortened
              : null;
        showSuccess(
          messages.common.success,
          result.created
            ? [text.variantCreated(network), how].filter(Boolean).join(' ')
            : text.variantExisted(network),
        );
        await refresh();
      },
      onError: async (error) => {
        showError(
          messages.common.error,
          // A busy key, a post no longer editable, a date that has passed (reschedule first), or the generic text.
          requestStateText(error) ??
            (isConflict(error) ? describeUpdateError(error, post.platform) : null) ??
            describeScheduleError(error) ??
            text.variantError,
        );
        if (isConflict(error)) await refresh();
      },
    }),
  );

  const run = () => {
    if (!chosen) return;
    // The date and time on screen, as the text: a half-typed one is said, never replaced by the saved one.
    const scheduledFor = combineLocalDateTime(form.date, normalizeTime(form.time), timeZone);
    if (!scheduledFor) {
      showError(messages.common.error, text.variantNeedsDateTime);
      return;
    }
    create.mutate({
      id: post.id,
      platform: chosen,
      title: form.title.trim() || post.title,
      content: form.content.trim() === '' ? post.content : form.content,
      scheduledFor,
    });
  };

  return { targets, target: chosen, setTarget, run, running: create.isPending };
}
