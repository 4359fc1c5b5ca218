import { Box, SegmentedControl, Text } from '@mantine/core';
import { messages, PLATFORM_LABELS, type Platform } from '@pauta/core';
import { useState } from 'react';
import { PostPreview } from '../../components/preview/PostPreview';

/** The draft as one of its selected networks shows it (a switch picks which), updated as it is typed. */
export function DraftPreview({ platforms, content }: { platforms: readonly Platform[]; content: string }) {
  const [picked, setPicked] = useState<Platform | null>(null);
  if (platforms.length === 0) return null;
  const shown = picked && platforms.includes(picked) ? picked : platforms[0]!;
  return (
    <Box component="section" aria-label={messages.posts.preview}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {messages.posts.preview}
      </Text>
      {platforms.length > 1 && (
        <SegmentedControl
          size="xs"
          mb="xs"
          value={shown}
          onChange={(value) => setPicked(value as Platform)}
          data={platforms.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
          aria-label={messages.posts.preview}
        />
      )}
      <PostPreview platform={shown} text={content} />
    </Box>
  );
}
