import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_TIME_ZONE,
  type DeletionRequestStatus,
  formatDateTime,
  membersRefusalText,
  messages,
} from '@pauta/core';
import { IconCheck, IconInbox, IconMailQuestion, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../app/session';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { errorDetails } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { type DeletionRequest, refusalReason } from './admin-api';

const text = messages.deletionRequests;
type Filter = DeletionRequestStatus | 'all';
type Pending = { request: DeletionRequest; action: 'complete' | 'reject' } | null;

const whoOf = (request: DeletionRequest) => request.name ?? request.email ?? text.noAccount;

const STATUS_COLOR = { pending: 'yellow', completed: 'green', rejected: 'gray' } as const;

/** Carrying out or rejecting a request, after its confirmation; the list refreshes after. */
function useRequestActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const complete = useMutation(trpc.admin.deletionRequests.complete.mutationOptions());
  const reject = useMutation(trpc.admin.deletionRequests.reject.mutationOptions());

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.action === 'complete') {
        const result = await complete.mutateAsync({ id: pending.request.id });
        showSuccess(messages.common.success, result.erased ? text.completed : text.completedNoAccount);
      } else {
        await reject.mutateAsync({ id: pending.request.id });
        showSuccess(messages.common.success, text.rejected);
      }
    } catch (error) {
      const reason = refusalReason(error);
      showError(
        messages.common.error,
        reason === 'LAST_ADMIN'
          ? text.lastAdmin
          : reason === 'NOT_CONFIRMED'
            ? text.notConfirmed
            : reason === 'SOLE_OWNER'
              ? (membersRefusalText(reason, errorDetails(error, 'CONFLICT')?.workspaceName) ??
                text.actionError)
              : text.actionError,
      );
    }
    setPending(null);
    await queryClient.invalidateQueries(trpc.admin.deletionRequests.pathFilter());
  };
  return { pending, setPending, confirm, busy: complete.isPending || reject.isPending };
}

/** Solicitações de exclusão: the requests of the public form; complete (erase) or reject them. */
export function DeletionRequestsSection() {
  const trpc = useTRPC();
  const timeZone = useSessionUser()?.timezone ?? DEFAULT_TIME_ZONE;
  const [filter, setFilter] = useState<Filter>('pending');
  const list = useQuery(
    trpc.admin.deletionRequests.list.queryOptions(filter === 'all' ? {} : { status: filter }),
  );
  const { pending, setPending, confirm, busy } = useRequestActions();

  return (
    <Stack gap="md" component="section" aria-labelledby="deletion-requests-title">
      <div>
        <Title order={2} size="h3" id="deletion-requests-title">
          {text.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={720}>
          {text.intro}
        </Text>
      </div>
      <SegmentedControl
        aria-label={text.filterLabel}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'pending', label: text.statuses.pending },
          { value: 'completed', label: text.statuses.completed },
          { value: 'rejected', label: text.statuses.rejected },
          { value: 'all', label: text.all },
        ]}
        fullWidth
        size="xs"
        w="100%"
        maw={480}
      />
      <QueryState
        query={list}
        errorTitle={text.loadError}
        isEmpty={(data) => data.length === 0}
        empty={<StateMessage icon={IconInbox} title={text.empty} role="status" />}
      >
        {(data) => (
          <Stack gap="sm">
            {data.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                who={whoOf(request)}
                timeZone={timeZone}
                onAction={(action) => setPending({ request, action })}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.action === 'reject' ? text.confirmRejectTitle : text.confirmCompleteTitle}
        message={
          pending?.action === 'reject'
            ? text.confirmReject
            : pending
              ? text.confirmComplete(whoOf(pending.request))
              : ''
        }
        confirmLabel={pending?.action === 'reject' ? text.reject : text.confirmCompleteLabel}
        loading={busy}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

interface RequestCardProps {
  request: DeletionRequest;
  who: string;
  timeZone: string;
  onAction: (action: 'complete' | 'reject') => void;
}

function RequestCard({ request, who, timeZone, onAction }: RequestCardProps) {
  return (
    <Card withBorder component="article" aria-label={who}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {who}
            </Text>
            {request.email && request.name && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {request.email}
              </Text>
            )}
          </div>
          <RequestBadges request={request} />
        </Group>
        {/* A long unbroken reason wraps inside the card instead of overflowing it. */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="deletion-reason">
          <Text span fw={600}>
            {text.reason}:{' '}
          </Text>
          {request.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {text.requestedAt} {formatDateTime(request.createdAt, timeZone)}
          {request.processedAt && ` · ${text.processedAt} ${formatDateTime(request.processedAt, timeZone)}`}
        </Text>
        {request.status === 'pending' && (
          <Text size="xs" c={request.confirmed ? 'dimmed' : 'var(--mantine-color-orange-text)'}>
            {request.confirmedBy ? text.confirmedBy[request.confirmedBy] : text.unconfirmedHint}
            {!request.confirmed &&
              request.confirmationExpiresAt &&
              ` ${text.linkValidUntil(formatDateTime(request.confirmationExpiresAt, timeZone))}`}
          </Text>
        )}
        {request.status === 'pending' && (
          <Group gap="xs" mt={4}>
            {/* Only a request whose owner is proven can be carried out (the server refuses too). */}
            {request.confirmed && (
              <Button
                size="xs"
                color="red"
                leftSection={<IconCheck size={14} aria-hidden />}
                onClick={() => onAction('complete')}
              >
                {text.complete}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onAction('reject')}
            >
              {text.reject}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Pending requests say whether the owner is proven; every request its status. */
function RequestBadges({ request }: { request: DeletionRequest }) {
  return (
    <Group gap={6} wrap="wrap">
      {request.status === 'pending' && (
        <Badge
          color={request.confirmed ? 'teal' : 'orange'}
          variant="outline"
          leftSection={
            request.confirmed ? (
              <IconShieldCheck size={12} aria-hidden />
            ) : (
              <IconMailQuestion size={12} aria-hidden />
            )
          }
        >
          {request.confirmed ? text.confirmedBadge : text.unconfirmedBadge}
        </Badge>
      )}
      <Badge color={STATUS_COLOR[request.status]} variant="light">
        {text.statuses[request.status]}
      </Badge>
    </Group>
  );
}
