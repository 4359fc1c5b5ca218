import { Group, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The head of a settings-like card: its icon and h2 (named by `id`), then the intro line. */
export function SectionHeading({
  icon: HeadingIcon,
  iconSize = 22,
  id,
  title,
  intro,
}: {
  icon: Icon;
  iconSize?: number;
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  intro: string;
}) {
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <HeadingIcon size={iconSize} aria-hidden />
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </>
  );
}
