// The first comment in the preview, under the post, as its network shows a comment (Instagram) or
// a reply in the thread (X): the account's name and the text. Nothing when empty or unsupported.
import { Paper, Text } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import type { PreviewAccount } from '../../preview/types';

export function FirstCommentPreview({
  platform,
  text,
  account,
}: {
  platform: Platform;
  text: string;
  account: PreviewAccount | null;
}) {
  const rule = NETWORK_PROFILES[platform].firstComment;
  if (rule === undefined || text.trim() === '') return null;
  const name = account?.username ?? account?.name ?? 'Sua conta';
  return (
    <Paper withBorder radius="md" p="sm" mt="xs" data-testid="first-comment-preview">
      <Text size="xs" c="dimmed" mb={4}>
        {rule.kind === 'reply' ? 'Resposta (primeiro comentário)' : 'Primeiro comentário'}
      </Text>
      {/* As the feeds write a comment: the account's name, then the text on the same line. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <Text span fw={700} size="sm">
          {name}
        </Text>{' '}
        {text.trim()}
      </Text>
    </Paper>
  );
}
