// "Trechos salvos" (issue 30 item 5; docs/snippets.md): the workspace's hashtag groups and
// signatures — create, edit, reorder (arrows, within each kind) and delete — which "Inserir trecho"
// in the post's edit dialog puts into the text. Every member who reads the workspace sees them;
// Proprietários and Editores (posts.write) change them. Each form checks its fields with core
// normalizeSnippet — the server's own rule — and shows the server's refusal on its field.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  messages,
  normalizeSnippet,
  SNIPPET_KIND_LABELS,
  SNIPPET_KINDS,
  SNIPPET_NAME_MAX,
  SNIPPET_TEXT_MAX,
  type SnippetIssue,
  type SnippetKind,
  snippetMessages,
  snippetRefusalMessage,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconQuote, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { useCan } from '../../app/permissions';
import { counterProps } from '../../components/CharacterCount';
import { ModalActions } from '../../components/common/ModalActions';
import { ReadOnlyNotice } from '../../components/common/ReadOnlyNotice';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = snippetMessages;
type Snippet = inferRouterOutputs<AppRouter>['snippets']['list']['snippets'][number];

/** The pt-BR text of a failed snippet request: the refusal's own reason, else the screen's. */
function snippetFailureText(error: unknown, fallback: string): string {
  const issue = errorDetails(error, 'SNIPPET_REFUSED');
  if (issue?.reason) return snippetRefusalMessage(issue);
  return requestStateText(error) ?? fallback;
}

type Editing = { mode: 'create' } | { mode: 'edit'; snippet: Snippet } | null;

export function SnippetsView() {
  const trpc = useTRPC();
  const canWrite = useCan('posts.write');
  const list = useQuery(trpc.snippets.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Snippet | null>(null);
  const count = list.data?.snippets.length ?? 0;
  const max = list.data?.max ?? 0;
  const full = list.data !== undefined && count >= max;

  return (
    <Stack gap="lg">
      {!canWrite && <ReadOnlyNotice>{text.readOnly}</ReadOnlyNotice>}
      <QueryState
        query={list}
        errorTitle={text.loadError}
        isEmpty={(data) => data.snippets.length === 0}
        empty={
          <StateMessage icon={IconQuote} title={text.emptyTitle} description={text.empty}>
            {canWrite && (
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => setEditing({ mode: 'create' })}
              >
                {text.create}
              </Button>
            )}
          </StateMessage>
        }
      >
        {(data) => (
          <Stack gap="lg">
            <Group justify="space-between" gap="sm">
              <Text size="sm" c={full ? 'red' : 'dimmed'} fw={full ? 700 : 500} data-testid="snippet-count">
                {text.count(count, max)}
              </Text>
              {canWrite && (
                <Button
                  leftSection={<IconPlus size={18} aria-hidden />}
                  onClick={() => setEditing({ mode: 'create' })}
                  disabled={full}
                >
                  {text.create}
                </Button>
              )}
            </Group>
            {SNIPPET_KINDS.map((kind) => (
              <KindSection
                key={kind}
                kind={kind}
                all={data.snippets}
                canWrite={canWrite}
                onEdit={(snippet) => setEditing({ mode: 'edit', snippet })}
                onRemove={setRemoving}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? text.editTitle : text.newTitle}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': messages.common.close }}
      >
        {editing && (
          <SnippetForm
            key={editing.mode === 'edit' ? editing.snippet.id : 'new'}
            snippet={editing.mode === 'edit' ? editing.snippet : null}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <RemoveSnippet snippet={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

/** One kind's snippets in their order, each with its arrows, "Editar" and "Excluir". */
function KindSection({
  kind,
  all,
  canWrite,
  onEdit,
  onRemove,
}: {
  kind: SnippetKind;
  all: Snippet[];
  canWrite: boolean;
  onEdit: (snippet: Snippet) => void;
  onRemove: (snippet: Snippet) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reorder = useGuardedMutation(
    trpc.snippets.reorder.mutationOptions({
      onSuccess: (result) =>
        queryClient.setQueryData(trpc.snippets.list.queryKey(), (old) =>
          old ? { ...old, snippets: result.snippets } : old,
        ),
      onError: (error) => {
        showError(messages.common.error, snippetFailureText(error, text.reorderError));
        void queryClient.invalidateQueries(trpc.snippets.list.pathFilter());
      },
    }),
  );
  const mine = all.filter((s) => s.kind === kind);
  const titleId = `snippets-${kind}`;
  /** The whole list with `snippet` swapped with its neighbour of the same kind. */
  const move = (snippet: Snippet, step: -1 | 1) => {
    const index = mine.indexOf(snippet);
    const other = mine[index + step];
    if (!other) return;
    const ids = all.map((s) => s.id);
    const a = ids.indexOf(snippet.id);
    const b = ids.indexOf(other.id);
    [ids[a], ids[b]] = [other.id, snippet.id];
    reorder.mutate({ ids });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {text.kindPlural[kind]}
      </Title>
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.emptyKind[kind]}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {mine.map((snippet, index) => (
            <Card key={snippet.id} component="li" withBorder padding="md" aria-label={snippet.name}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap="xs" miw={0}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {snippet.name}
                    </Text>
                    {kind === 'hashtags' && (
                      <Badge variant="light" size="sm">
                        {text.tagCount(snippet.text.split(' ').length)}
                      </Badge>
                    )}
                  </Group>
                  {canWrite && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={text.moveUp(snippet.name)}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(snippet, -1)}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={text.moveDown(snippet.name)}
                        disabled={index === mine.length - 1 || reorder.isPending}
                        onClick={() => move(snippet, 1)}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={text.editLabel(snippet.name)}
                        onClick={() => onEdit(snippet)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={text.removeLabel(snippet.name)}
                        onClick={() => onRemove(snippet)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {snippet.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** "Novo trecho" / "Editar trecho": kind (new only), name and text with their counters. */
function SnippetForm({ snippet, onDone }: { snippet: Snippet | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<SnippetKind>(snippet?.kind ?? 'hashtags');
  const [name, setName] = useState(snippet?.name ?? '');
  const [body, setBody] = useState(snippet?.text ?? '');
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const onError = (error: unknown) => {
    const issue = errorDetails(error, 'SNIPPET_REFUSED');
    if (issue?.field) setErrors({ [issue.field]: snippetRefusalMessage(issue) });
    else showError(messages.common.error, snippetFailureText(error, text.saveError));
  };
  const onSuccess = (message: string) => {
    void queryClient.invalidateQueries(trpc.snippets.list.pathFilter());
    showSuccess(messages.common.success, message);
    onDone();
  };
  const create = useGuardedMutation(
    trpc.snippets.create.mutationOptions({ onSuccess: () => onSuccess(text.created), onError }),
  );
  const update = useGuardedMutation(
    trpc.snippets.update.mutationOptions({ onSuccess: () => onSuccess(text.saved), onError }),
  );
  const pending = create.isPending || update.isPending;
  const checked = normalizeSnippet({ kind, name, text: body });
  // What a hashtag group will be saved as, while it is being typed.
  const preview =
    kind === 'hashtags' && checked.ok && checked.value.text !== body.trim() ? checked.value.text : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      const issue: SnippetIssue = checked.issue;
      setErrors({ [issue.field ?? 'text']: snippetRefusalMessage(issue) });
      return;
    }
    setErrors({});
    if (snippet) update.mutate({ id: snippet.id, name, text: body });
    else create.mutate({ kind, name, text: body });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {snippet ? (
          <Text size="sm">
            {text.kindLabel}: <strong>{SNIPPET_KIND_LABELS[kind]}</strong>
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="snippet-kind-label">
              {text.kindLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="snippet-kind-label"
              value={kind}
              onChange={(value) => {
                setKind(value as SnippetKind);
                setErrors({});
              }}
              data={SNIPPET_KINDS.map((k) => ({ value: k, label: SNIPPET_KIND_LABELS[k] }))}
              fullWidth
            />
          </Stack>
        )}
        <TextInput
          label={text.nameLabel}
          placeholder={text.namePlaceholder[kind]}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
          {...counterProps(name, SNIPPET_NAME_MAX)}
        />
        <Stack gap={4}>
          <Textarea
            label={text.textLabel[kind]}
            placeholder={text.textPlaceholder[kind]}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={errors.text}
            required
            autosize
            minRows={3}
            maxRows={10}
            {...counterProps(body, SNIPPET_TEXT_MAX)}
          />
          <Text size="xs" c="dimmed">
            {text.textHint[kind]}
          </Text>
          {preview && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="snippet-normalized">
              {text.normalizedPreview(preview)}
            </Text>
          )}
        </Stack>
        <ModalActions onCancel={onDone} busy={pending} cancelLabel={text.cancel} gap="sm">
          <Button type="submit" disabled={pending}>
            {pending ? (snippet ? text.saving : text.creating) : snippet ? text.save : text.create}
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}

function RemoveSnippet({ snippet, onClose }: { snippet: Snippet | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useGuardedMutation(
    trpc.snippets.delete.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.snippets.list.pathFilter());
        showSuccess(messages.common.success, text.removed);
        onClose();
      },
      onError: (error) => showError(messages.common.error, snippetFailureText(error, text.removeError)),
    }),
  );
  return (
    <ConfirmModal
      opened={snippet !== null}
      title={text.removeTitle}
      message={snippet ? text.removeConfirm(snippet.name) : ''}
      confirmLabel={text.remove}
      loading={remove.isPending}
      onConfirm={() => snippet && remove.mutateAsync({ id: snippet.id })}
      onClose={onClose}
    />
  );
}
