// Editar Post's "Outras redes deste post" (docs/composer.md): the posts written with this one in
// "Novo post", one per network, with their own text and status. Nothing when it was written alone.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { messages, PLATFORM_LABELS, POST_STATUS_LABELS } from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../../lib/trpc';
import { PlatformIcon } from '../PlatformIcon';
import { postExcerpt } from '../posts/excerpt';

const text = messages.composer;

export function PostSiblings({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const headingId = useId();
  const siblings = useQuery(trpc.posts.siblings.queryOptions({ id: postId }));
  if (!siblings.data || siblings.data.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={700}>
        {text.siblings}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {text.siblingsHint}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {siblings.data.map((sibling) => (
          <li key={sibling.id}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <PlatformIcon platform={sibling.platform} size={16} />
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {PLATFORM_LABELS[sibling.platform]}
                  </Text>
                  <Badge size="sm" variant="light" color="gray" tt="none">
                    {POST_STATUS_LABELS[sibling.status]}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {postExcerpt(sibling.content)}
                </Text>
              </Stack>
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
