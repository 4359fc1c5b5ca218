// The first comment (docs/first-comment.md): the text posted under the post right after it is
// published (hashtags, a link), with a counter against its network's own limit, counted as the
// network counts (X: weighted). Exported for any form that edits a post per network (Editar Post,
// the composer). Renders nothing for a network without a first comment.
import { Badge, Group, Text, Textarea } from '@mantine/core';
import { measurePostLength, type Platform } from '@pauta/core';
import { firstCommentRefusal, NETWORK_PROFILES } from '@pauta/networks/browser';
import { useId } from 'react';

export interface FirstCommentFieldProps {
  platform: Platform;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** The server's refusal, shown in place of the field's own check. */
  error?: string | null;
}

export function FirstCommentField({ platform, value, onChange, disabled, error }: FirstCommentFieldProps) {
  const counterId = useId();
  const profile = NETWORK_PROFILES[platform];
  const rule = profile.firstComment;
  if (rule === undefined) return null;
  const used = measurePostLength(platform, value.trim());
  const over = used > rule.maxLength;
  const refusal = error ?? (over ? firstCommentRefusal(platform, value) : null);
  const noun = rule.kind === 'reply' ? 'resposta ao post' : 'comentário no post';
  return (
    <div>
      <Textarea
        label="Primeiro comentário"
        description={`Opcional. Publicado como ${noun} logo depois da publicação no ${profile.label} — hashtags, um link.`}
        placeholder="#hashtags ou um link"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        error={refusal ?? undefined}
        aria-describedby={counterId}
      />
      <Text
        id={counterId}
        size="xs"
        ta="right"
        mt={4}
        fw={over ? 700 : 500}
        c={over ? 'red' : 'dimmed'}
        aria-live="polite"
        data-over={over || undefined}
      >
        {`${used}/${rule.maxLength} caracteres`}
      </Text>
    </div>
  );
}

const STATUS_LABELS = {
  pending: { label: 'Primeiro comentário: aguardando', color: 'gray' },
  sending: { label: 'Primeiro comentário: enviando', color: 'blue' },
  published: { label: 'Primeiro comentário publicado', color: 'green' },
  failed: { label: 'Primeiro comentário não publicado', color: 'red' },
  unknown: { label: 'Primeiro comentário: confira na rede', color: 'yellow' },
} as const;

export type FirstCommentStatus = keyof typeof STATUS_LABELS;

/** The comment's own state, once its post is published (a badge, and the reason when it failed). */
export function FirstCommentStatusLine({
  status,
  error,
}: {
  status: FirstCommentStatus;
  error: string | null;
}) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Group gap="xs" wrap="wrap" data-testid="first-comment-status" data-status={status}>
      <Badge color={color} variant="light" size="sm" tt="none">
        {label}
      </Badge>
      {error && (status === 'failed' || status === 'unknown') && (
        <Text size="xs" c={status === 'failed' ? 'red' : 'dimmed'}>
          {error}
        </Text>
      )}
    </Group>
  );
}
