import { Group, Progress, Text } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { messages, PLATFORM_LABELS } from '@pauta/core';
import { tightestLimit } from './draft-length';

const text = messages.posts;

/** Live character count against the tightest limit of the draft's networks. */
export function LengthMeter({
  platforms,
  content,
  id,
}: {
  platforms: readonly Platform[];
  content: string;
  id?: string;
}) {
  const check = tightestLimit(platforms, content);
  if (!check) return null;
  const ratio = Math.min(100, (check.used / check.limit) * 100);
  return (
    <div id={id}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {text.lengthLimitOf(PLATFORM_LABELS[check.platform])}
        </Text>
        <Text size="xs" fw={600} c={check.over ? 'red' : 'dimmed'} aria-live="polite">
          {text.contentLength(check.used, check.limit)}
        </Text>
      </Group>
      <Progress
        value={ratio}
        size="xs"
        mt={4}
        color={check.over ? 'red' : ratio > 90 ? 'yellow' : 'teal'}
        aria-hidden
      />
      {check.over && (
        <Text size="xs" c="red" mt={4} role="alert">
          {text.contentTooLong(PLATFORM_LABELS[check.platform], check.limit)}
        </Text>
      )}
    </div>
  );
}
