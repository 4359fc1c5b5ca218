import { Button, Group, Stack, Text } from '@mantine/core';
import { bestTimeMessages, PLATFORM_LABELS, type Platform, WEEKDAY_SHORT } from '@pauta/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { localDayKey, localTime } from '../posts/time-zone';

const text = bestTimeMessages;

/** 'Ter, 02/12 às 20:00' in the user's zone. */
function whenText(at: Date, weekday: number, timeZone: string): string {
  const [, month, day] = localDayKey(at, timeZone).split('-');
  return `${WEEKDAY_SHORT[weekday]}, ${day}/${month} às ${localTime(at, timeZone)}`;
}

/**
 * "Sugestões de horário" in the edit dialog (docs/best-time.md): the next 3 free good slots of
 * the post's network. A click fills the date and time fields; nothing is saved until "Salvar".
 */
export function BestTimeSuggestions({
  postId,
  platform,
  timeZone,
  disabled,
  current,
  onPick,
}: {
  postId: string;
  platform: Platform;
  timeZone: string;
  disabled: boolean;
  /** The fields' current date ('YYYY-MM-DD') and time ('HH:mm'): the matching suggestion shows as chosen. */
  current: { date: string | null; time: string };
  onPick: (date: string, time: string) => void;
}) {
  const trpc = useTRPC();
  const suggestions = useQuery(trpc.bestTime.suggestions.queryOptions({ postId }));
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();
  const network = PLATFORM_LABELS[platform];
  const slots = suggestions.data?.suggestions ?? [];
  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <Group gap={6} wrap="nowrap">
        <IconSparkles size={16} aria-hidden />
        <Text size="sm" fw={600} id={titleId}>
          {text.suggestionsTitle}
        </Text>
      </Group>
      {suggestions.isPending ? (
        <Text size="xs" c="dimmed" role="status">
          {text.suggestionsLoading}
        </Text>
      ) : suggestions.isError ? (
        <Text size="xs" c="dimmed">
          {text.suggestionsError}
        </Text>
      ) : slots.length === 0 ? (
        <Text size="xs" c="dimmed">
          {text.suggestionsEmpty}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {text.suggestionsHint(network)}
          </Text>
          <Group gap="xs">
            {slots.map((slot) => {
              const at = new Date(slot.scheduledFor);
              const date = localDayKey(at, timeZone);
              const time = localTime(at, timeZone);
              const when = whenText(at, slot.weekday, timeZone);
              const chosen = current.date?.slice(0, 10) === date && current.time === time;
              return (
                <Button
                  key={at.toISOString()}
                  size="xs"
                  variant={chosen ? 'filled' : 'light'}
                  aria-pressed={chosen}
                  disabled={disabled}
                  onClick={() => {
                    onPick(date, time);
                    setAnnouncement(text.suggestionFilled(when));
                  }}
                >
                  {text.suggestionLabel(when, slot.score)}
                </Button>
              );
            })}
          </Group>
        </>
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {announcement}
      </Text>
    </Stack>
  );
}
