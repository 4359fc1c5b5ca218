import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { messages, PLATFORM_LABELS, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { IconCalendarPlus, IconEdit } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { announceBudgetOverruns } from '../../components/budget/notice';
import { PlatformBadge } from '../../components/PlatformIcon';
import { CardDeleteButton } from '../../components/posts/PostCardShell';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, errorDetails, requestStateText, scheduleRangeText } from '../../lib/errors';
import type { Draft } from '../../lib/themes';
import { useRefreshAfterThemeChange } from '../../lib/themes';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { tightestLimit } from './draft-length';
import { LengthMeter } from './LengthMeter';
import classes from './SuggestedPostsView.module.css';

const text = messages.posts;

function tooLongFor(error: unknown): Platform[] {
  return errorDetails(error, 'VALIDATION_FAILED')?.tooLongFor ?? [];
}

interface DraftCardProps {
  draft: Draft;
  index: number;
  themeId: string;
  color: string;
  onEdit: () => void;
  onRemove: () => void;
  /** Called once the draft is scheduled (it then leaves the list). */
  onScheduled: () => void;
}

/** 'Agendar' of a draft: once per click; success removes the draft from the screen. */
function useScheduleDraft(draft: Draft, themeId: string, onScheduled: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterThemeChange();
  const schedule = useMutation(trpc.themes.scheduleDraft.mutationOptions());

  // One click schedules once: the second click of a double-click is ignored while the first runs.
  const [handleSchedule, scheduling] = useSingleFlight(async () => {
    try {
      const { platforms, budgetOverruns } = await schedule.mutateAsync({
        themeId,
        title: draft.title,
        content: draft.content,
        platforms: draft.platforms,
        postOrder: draft.post_order,
      });
      showSuccess(messages.common.success, text.scheduledForPlatforms(platforms));
      announceBudgetOverruns(budgetOverruns);
      onScheduled();
      void refresh();
    } catch (error) {
      const over = errorCodeOf(error) === 'VALIDATION_FAILED' ? tooLongFor(error) : [];
      const first = over[0];
      showError(
        messages.common.error,
        first
          ? text.contentTooLong(PLATFORM_LABELS[first], PLATFORM_TEXT_LIMITS[first])
          : (requestStateText(error) ?? scheduleRangeText(error) ?? text.scheduleError),
      );
    }
  });
  return [handleSchedule, scheduling] as const;
}

/** One AI draft (spec §2.3): title, full text (as text), networks, length, and its actions. */
export function DraftCard({ draft, index, themeId, color, onEdit, onRemove, onScheduled }: DraftCardProps) {
  const [handleSchedule, scheduling] = useScheduleDraft(draft, themeId, onScheduled);
  const tooLong = tightestLimit(draft.platforms, draft.content)?.over === true;
  const titleId = `draft-${draft.id}-title`;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.draft}
      style={{ '--theme-color': color } as CSSProperties}
    >
      <Stack gap="sm" h="100%">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {text.draftLabel(index + 1)}
        </Text>
        <Title order={2} id={titleId} className={classes.draftTitle}>
          {draft.title}
        </Title>
        <Text className={classes.content}>{draft.content}</Text>
        <Group gap={6} aria-label={text.draftPlatforms} role="list">
          {draft.platforms.map((platform) => (
            <PlatformBadge key={platform} platform={platform} role="listitem" />
          ))}
        </Group>
        <LengthMeter platforms={draft.platforms} content={draft.content} />
        <div className={classes.draftActions}>
          <Button
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={onEdit}
            disabled={scheduling}
            aria-label={`${text.editDraft}: ${draft.title}`}
          >
            {text.editDraft}
          </Button>
          <CardDeleteButton
            label={text.removeDraft}
            ariaLabel={`${text.removeDraft}: ${draft.title}`}
            onClick={onRemove}
            disabled={scheduling}
          />
          <Button
            leftSection={
              scheduling ? (
                <Loader size={16} color="currentColor" aria-hidden />
              ) : (
                <IconCalendarPlus size={16} aria-hidden />
              )
            }
            onClick={() => void handleSchedule()}
            disabled={scheduling || tooLong}
            aria-busy={scheduling}
            aria-label={`${text.schedule}: ${draft.title}`}
          >
            {scheduling ? text.scheduling : text.schedule}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
