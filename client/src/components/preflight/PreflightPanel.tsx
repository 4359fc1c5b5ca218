// "Antes de agendar": the pre-flight of one post on one network (docs/preflight.md), recomputed by
// the server (posts.preflight) a moment after each edit. Exported for any composer that shows a
// post per network: pass what is on screen.
import { Group, Loader, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  PLATFORM_LABELS,
  type Platform,
  type PreflightCheck,
  type PreflightLevel,
  type PreflightReport,
  preflightMessages,
} from '@pauta/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconPlaneDeparture } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

const text = preflightMessages;

/** How long the text must rest before it is checked again (ms). */
export const PREFLIGHT_DEBOUNCE_MS = 400;

export interface PreflightPanelProps {
  /** Absent: a post not saved yet (a tab of "Novo post"); then `platform` is required. */
  postId?: string | undefined;
  /** The network on screen; the post's own when absent. */
  platform?: Platform | undefined;
  /** The account on screen (a composer's tab, Editar Post's "Conta"); the post's own when absent. */
  accountId?: string | null | undefined;
  /** The text on screen, unsaved. */
  content: string;
  /** The date-time on screen; null while incomplete. */
  scheduledFor: Date | null;
  /** The options on screen ("Opções do <rede>"); the stored ones when absent. */
  networkOptions?: Readonly<Record<string, string | boolean | null>> | undefined;
  /** Changes when the post's media change (uploads are stored at once): the check runs again. */
  mediaKey?: string | undefined;
  /** A post not saved yet: the composer's uploads the tab would publish (docs/composer.md). */
  composerMedia?: readonly string[] | undefined;
}

const LEVEL_STYLE: Record<PreflightLevel, { color: string; Icon: typeof IconCircleCheck }> = {
  ok: { color: 'teal', Icon: IconCircleCheck },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  blocking: { color: 'red', Icon: IconCircleX },
};

/** One check: a shape per level (check, triangle, cross) and its name for screen readers. */
function CheckLine({ check }: { check: PreflightCheck }) {
  const { color, Icon } = LEVEL_STYLE[check.level];
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-level={check.level}
      data-kind={check.kind}
    >
      <ThemeIcon color={color} variant="light" size={22} radius="xl" aria-hidden>
        <Icon size={15} />
      </ThemeIcon>
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{text.levelLabel[check.level]}: </VisuallyHidden>
        {check.message}
      </Text>
    </Group>
  );
}

/**
 * The pre-flight report of what is on screen, asked a moment after the last change. Two callers with
 * the same input share one request (the query key is the input): the composer watches every
 * network's level with it while its open tab shows the panel.
 */
export function usePreflightReport({
  postId,
  platform,
  accountId,
  content,
  scheduledFor,
  networkOptions,
  mediaKey,
  composerMedia,
}: PreflightPanelProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = {
    ...(postId ? { id: postId } : {}),
    ...(platform ? { platform } : {}),
    ...(accountId ? { accountId } : {}),
    content,
    scheduledFor,
    ...(networkOptions ? { networkOptions } : {}),
    ...(!postId && composerMedia && composerMedia.length > 0 ? { composerMedia: [...composerMedia] } : {}),
  };
  const key = JSON.stringify({ ...input, mediaKey, scheduledFor: scheduledFor?.getTime() ?? null });
  // One request per pause in typing; the last answer stays on screen meanwhile (no flicker).
  const [debounced] = useDebouncedValue({ input, key }, PREFLIGHT_DEBOUNCE_MS);
  const report = useQuery({
    // Under the `posts` path, so the live updates that refresh the posts refresh this too.
    queryKey: [...trpc.posts.preflight.mutationKey(), debounced.key],
    queryFn: (): Promise<PreflightReport> => client.posts.preflight.mutate(debounced.input),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The next edit asks again (the failure text says so): no retries piling up behind typing.
    retry: false,
  });
  const pending = report.isFetching || debounced.key !== key;
  return { report, pending };
}

export function PreflightPanel(props: PreflightPanelProps) {
  const { report, pending } = usePreflightReport(props);
  const titleId = useId();
  const data = report.data;
  const shown = data?.platform ?? props.platform;

  return (
    <Paper
      component="section"
      withBorder
      p="sm"
      radius="md"
      aria-labelledby={titleId}
      aria-busy={pending}
      data-testid="preflight-panel"
    >
      <Stack gap="xs">
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconPlaneDeparture size={16} aria-hidden />
            <Text id={titleId} size="xs" fw={700} tt="uppercase" c="dimmed">
              {text.title}
            </Text>
          </Group>
          {pending && data && <Loader size={14} aria-label={text.loading} />}
        </Group>
        {!data && report.isError && (
          <Text size="sm" c="dimmed" role="status">
            {text.failed}
          </Text>
        )}
        {!data && !report.isError && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {text.loading}
            </Text>
          </Group>
        )}
        {data && (
          <>
            <Text
              size="sm"
              fw={700}
              c={LEVEL_STYLE[data.level].color}
              role="status"
              data-testid="preflight-summary"
            >
              {text.summary[data.level]}
              {shown && <VisuallyHidden> {text.subtitle(PLATFORM_LABELS[shown])}</VisuallyHidden>}
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {data.checks.map((check) => (
                <CheckLine key={`${check.kind}-${check.message}`} check={check} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
