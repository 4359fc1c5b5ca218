// 'Histórico de entrega' (issue 24, item 4): each attempt of a post, step by step (claimed, send
// started, the network's answer, asking the network, retry scheduled, flagged, resolved) and the
// owner's own actions, with times in the owner's zone. The query lives under `posts.*`, so a live
// event about the post (docs/live-updates.md) refetches it while the dialog is open.
import { Anchor, Box, Loader, Text, Timeline } from '@mantine/core';
import { formatDate, messages, PLATFORM_LABELS, type Platform, publishErrorMessages } from '@pauta/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconClock,
  IconRefresh,
  IconSearch,
  IconSend,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { localTime } from './time-zone';
import type { DeliveryEntry } from './types';

const text = messages.posts.delivery;

type StepKind = Exclude<DeliveryEntry['kind'], 'answer'>;

export type { DeliveryEntry };

const COLORS: Partial<Record<StepKind | 'answer-ok' | 'answer-error', string>> = {
  published: 'green',
  resolved_published: 'green',
  'answer-ok': 'green',
  failed: 'red',
  'answer-error': 'orange',
  flagged: 'orange',
  lookup_unresolved: 'orange',
  missed: 'gray',
};

function icon(kind: string): ReactNode {
  const size = 14;
  if (kind === 'published' || kind === 'resolved_published' || kind === 'answer-ok')
    return <IconCheck size={size} aria-hidden />;
  if (kind === 'failed') return <IconX size={size} aria-hidden />;
  if (kind === 'flagged' || kind === 'lookup_unresolved' || kind === 'answer-error')
    return <IconAlertTriangle size={size} aria-hidden />;
  if (kind.startsWith('lookup')) return <IconSearch size={size} aria-hidden />;
  if (kind.startsWith('owner')) return <IconUser size={size} aria-hidden />;
  if (kind === 'retry_scheduled' || kind === 'released') return <IconRefresh size={size} aria-hidden />;
  if (kind === 'send_started') return <IconSend size={size} aria-hidden />;
  return <IconClock size={size} aria-hidden />;
}

/** The pt-BR reason of a step: its recorded message, else core's message of its code. */
function reasonOf(code: string | null, detail: string | null): string | null {
  if (detail) return detail;
  if (code && code in publishErrorMessages)
    return publishErrorMessages[code as keyof typeof publishErrorMessages];
  return null;
}

export function DeliveryTimelineView({
  entries,
  url,
  platform,
  timeZone,
}: {
  entries: DeliveryEntry[];
  url: string | null;
  platform: Platform;
  timeZone: string;
}) {
  const network = PLATFORM_LABELS[platform];
  // Steps of one attempt are seconds apart: the seconds are shown (zone offsets are whole minutes,
  // so an instant's seconds are the same in every zone).
  const when = (date: Date) =>
    `${formatDate(date, timeZone)} ${localTime(date, timeZone)}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {text.empty}
      </Text>
    );
  return (
    <>
      <Text size="xs" c="dimmed" mb="xs">
        {text.timesIn(timeZone)}
      </Text>
      <Timeline bulletSize={22} lineWidth={2} aria-label={text.title}>
        {entries.map((entry, index) => {
          const key = entry.kind === 'answer' ? (entry.ok ? 'answer-ok' : 'answer-error') : entry.kind;
          const title =
            entry.kind === 'answer'
              ? entry.ok
                ? text.answerOk(network)
                : text.answerError
              : text.steps[entry.kind];
          const reason =
            entry.kind === 'answer' ? (entry.ok ? null : entry.detail) : reasonOf(entry.code, entry.detail);
          return (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is append-only and oldest first.
              key={index}
              bullet={icon(key)}
              color={COLORS[key as keyof typeof COLORS] ?? 'blue'}
              title={
                <Text size="sm" fw={600}>
                  {title}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                <time dateTime={entry.at.toISOString()}>{when(entry.at)}</time>
                {/* The owner's own actions belong to no attempt (0). */}
                {entry.attempt > 0 && ` · ${text.attempt(entry.attempt)}`}
              </Text>
              {reason && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {reason}
                </Text>
              )}
              {entry.kind !== 'answer' && entry.dueAt && (
                <Text size="xs">{text.dueAt(when(entry.dueAt))}</Text>
              )}
              {entry.kind === 'answer' && entry.ok && entry.platformPostId && (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {text.networkId}: {entry.platformPostId}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" mt="xs" display="inline-block">
          {text.viewOnNetwork(network)}
        </Anchor>
      )}
    </>
  );
}

/** The section of the post's dialog: loads the post's timeline (refetched by live events). */
export function DeliveryTimeline({
  postId,
  platform,
  timeZone,
}: {
  postId: string;
  platform: Platform;
  timeZone: string;
}) {
  const trpc = useTRPC();
  const query = useQuery(trpc.posts.deliveryTimeline.queryOptions({ id: postId }));
  return (
    <Box component="section" aria-label={text.title} miw={0}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {text.title}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={text.loading} />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {text.error}
        </Text>
      ) : (
        <DeliveryTimelineView
          entries={query.data.entries as DeliveryEntry[]}
          url={query.data.url}
          platform={platform}
          timeZone={timeZone}
        />
      )}
    </Box>
  );
}
