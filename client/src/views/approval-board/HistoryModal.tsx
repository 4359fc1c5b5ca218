// "Histórico e comentários" of one post: who moved it from which stage to which and when, the
// comments (a mention of the author highlighted), and a comment form. Sending is one idempotent
// request; the button is disabled while it runs.
import { Badge, Button, Group, Loader, Modal, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { approvalMessages, formatDateTime, INPUT_LIMITS, messages } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconArrowsExchange, IconMessage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { counterProps } from '../../components/CharacterCount';
import { useGuardedMutation } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import classes from './ApprovalBoard.module.css';
import type { BoardItem } from './BoardCard';

type Entry = inferRouterOutputs<AppRouter>['approval']['history']['entries'][number];

const text = approvalMessages;

function who(entry: Entry): string {
  if (entry.actor === 'system') return text.system;
  // The client approval link: the name the owner gave the client, marked as the client.
  if (entry.actor === 'client') return text.clientActor(entry.actorName || text.someone);
  return entry.actorName || text.someone;
}

function describe(entry: Entry): string {
  if (entry.reason === 'edited') return text.editedEntry(who(entry));
  return text.moveEntry(who(entry), entry.from, entry.to);
}

/** The comment's text with its @mentions in bold. */
function CommentBody({ body }: { body: string }) {
  const parts = body.split(/((?<![\p{L}\p{N}])@[\p{L}\p{N}._-]+)/u);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        part.startsWith('@') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
          <span key={i} className={classes.mention}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

export function HistoryModal({
  item,
  timeZone,
  onClose,
}: {
  item: BoardItem | null;
  timeZone: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const tooLong = body.trim().length > INPUT_LIMITS.approvalComment;
  const history = useQuery({
    ...trpc.approval.history.queryOptions({ postId: item?.id ?? '' }),
    enabled: item !== null,
  });
  const comment = useGuardedMutation(
    trpc.approval.comment.mutationOptions({
      onSuccess: async () => {
        setBody('');
        showSuccess(messages.common.success, text.commentSaved, { id: 'approval-comment' });
        await queryClient.invalidateQueries(trpc.approval.pathFilter());
      },
      onError: (error) => showError(messages.common.error, requestStateText(error) ?? text.commentError),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item || body.trim() === '' || tooLong) return;
    comment.mutate({ postId: item.id, body: body.trim() });
  };

  return (
    <Modal opened={item !== null} onClose={onClose} title={text.historyTitle} size="lg">
      {item && (
        <Stack gap="md">
          <Text fw={700}>{item.title}</Text>
          {history.isPending ? (
            <Group justify="center">
              <Loader size="sm" aria-label={messages.common.loading} />
            </Group>
          ) : history.isError ? (
            <Text c="red" role="alert">
              {text.historyError}
            </Text>
          ) : history.data.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.historyEmpty}
            </Text>
          ) : (
            <Timeline bulletSize={24} lineWidth={2} aria-label={text.historyTitle}>
              {history.data.entries.map((entry) => (
                <Timeline.Item
                  key={entry.id}
                  bullet={
                    entry.kind === 'move' ? (
                      <IconArrowsExchange size={14} aria-hidden />
                    ) : (
                      <IconMessage size={14} aria-hidden />
                    )
                  }
                  title={entry.kind === 'move' ? describe(entry) : who(entry)}
                >
                  {entry.kind === 'comment' && entry.body && <CommentBody body={entry.body} />}
                  <Group gap={6} mt={4}>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(entry.createdAt, timeZone)}
                    </Text>
                    {entry.mentionsAuthor && (
                      <Badge size="xs" variant="light" tt="none">
                        {text.mentionBadge}
                      </Badge>
                    )}
                  </Group>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Textarea
                label={text.commentLabel}
                placeholder={text.commentPlaceholder}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                autosize
                minRows={2}
                error={tooLong ? messages.common.tooLong(INPUT_LIMITS.approvalComment) : undefined}
                {...counterProps(body, INPUT_LIMITS.approvalComment)}
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  loading={comment.isPending}
                  disabled={comment.isPending || body.trim() === '' || tooLong}
                >
                  {text.commentSubmit}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </Modal>
  );
}
