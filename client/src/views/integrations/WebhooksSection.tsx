// "Webhooks" on Integrações (issue 28 item 3; docs/webhooks.md): the workspace's subscriptions —
// create (URL + events), the signing secret shown once with a copy button, rotate the secret,
// pause/resume, delete — and each one's delivery log with every attempt's status code and
// "Reenviar". Every button is disabled while its request runs; every request is idempotent on the
// server. Self-contained: IntegrationsView renders it next to the API tokens.
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatDateTime,
  messages,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  webhookMessages,
  webhookUrlRefusalMessage,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconWebhook } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { ShownOnce } from '../../components/CopyValueButton';
import { ModalActions } from '../../components/common/ModalActions';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { SaveButton } from '../../components/SaveButton';
import { SectionHeading } from '../../components/SectionHeading';
import { useGuardedMutation } from '../../lib/actions';
import { errorCodeOf, errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = webhookMessages;
type Outputs = inferRouterOutputs<AppRouter>['webhooks'];
type Subscription = Outputs['list'][number];
type Delivery = Outputs['deliveries'][number];

const DELIVERY_COLOR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** The pt-BR text of a failed webhook request: the address refusal's own, else the screen's. */
function failureText(error: unknown, fallback: string): string {
  const reason = errorDetails(error, 'WEBHOOK_URL_REFUSED')?.reason;
  if (reason) return webhookUrlRefusalMessage(reason);
  if (errorCodeOf(error) === 'FORBIDDEN') return text.ownerOnly;
  return requestStateText(error) ?? fallback;
}

export function WebhooksSection() {
  const trpc = useTRPC();
  const timeZone = useUserTimeZone();
  const [secret, setSecret] = useState<{ value: string; url: string } | null>(null);
  const list = useQuery(trpc.webhooks.list.queryOptions());
  return (
    <Card withBorder component="section" aria-labelledby="webhooks-title" padding="lg">
      <Stack gap="md">
        <SectionHeading icon={IconWebhook} id="webhooks-title" title={text.title} intro={text.intro} />
        {secret && <SecretOnce secret={secret.value} url={secret.url} onClose={() => setSecret(null)} />}
        <CreateWebhookForm onCreated={(value, url) => setSecret({ value, url })} />
        <Stack gap="xs" component="section" aria-labelledby="webhooks-list-title">
          <Title order={3} size="h5" id="webhooks-list-title">
            {text.listTitle}
          </Title>
          {list.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              {text.loading}
            </Text>
          ) : list.isError ? (
            <Alert color="red" variant="light" role="alert">
              {failureText(list.error, text.listError)}
            </Alert>
          ) : list.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.listEmpty}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.data.map((subscription) => (
                <SubscriptionRow
                  key={subscription.id}
                  subscription={subscription}
                  timeZone={timeZone}
                  onSecret={(value) => setSecret({ value, url: subscription.url })}
                />
              ))}
            </Stack>
          )}
        </Stack>
        <Text size="xs" c="dimmed">
          {text.docsHint}
        </Text>
      </Stack>
    </Card>
  );
}

function SecretOnce({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  return (
    <ShownOnce
      title={text.secretTitle}
      value={secret}
      copyLabel={text.copy}
      copiedLabel={text.copied}
      closeLabel={text.close}
      onClose={onClose}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Text>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="webhook-secret">
        {secret}
      </Text>
      <Text size="xs">{text.secretOnce}</Text>
    </ShownOnce>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['post.published', 'post.failed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const create = useGuardedMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (result) => {
        onCreated(result.secret, result.subscription.url);
        setUrl('');
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
      },
      onError: (error) => {
        const reason = errorDetails(error, 'WEBHOOK_URL_REFUSED')?.reason;
        if (reason && reason !== 'LIMIT_REACHED') setErrors({ url: webhookUrlRefusalMessage(reason) });
        else showError(messages.common.error, failureText(error, text.createError));
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    const value = url.trim();
    if (!value) found.url = text.urlRequired;
    else if (value.length > WEBHOOK_URL_MAX) found.url = messages.common.tooLong(WEBHOOK_URL_MAX);
    else if (!/^https?:\/\//i.test(value)) found.url = webhookUrlRefusalMessage('SCHEME');
    if (events.length === 0) found.events = text.eventsRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ url: value, events: events as WebhookEventType[] });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={text.urlLabel}
          placeholder={text.urlPlaceholder}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
          required
          type="url"
          inputMode="url"
          autoComplete="off"
        />
        <Checkbox.Group
          label={text.eventsLabel}
          value={events}
          onChange={setEvents}
          error={errors.events}
          required
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <>
                    {WEBHOOK_EVENT_LABELS[type]}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {type}
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <SaveButton pending={create.isPending} label={text.create} pendingLabel={text.creating} />
      </Stack>
    </form>
  );
}

function SubscriptionRow({
  subscription,
  timeZone,
  onSecret,
}: {
  subscription: Subscription;
  timeZone: string;
  onSecret: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'remove' | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
  const onError = (error: unknown) => showError(messages.common.error, failureText(error, text.actionError));
  const setStatus = useGuardedMutation(
    trpc.webhooks.setStatus.mutationOptions({ onSuccess: refresh, onError }),
  );
  const rotate = useGuardedMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async (result) => {
        setConfirm(null);
        onSecret(result.secret);
        showSuccess(messages.common.success, text.rotated, { id: 'webhook-rotate' });
        await refresh();
      },
      onError,
    }),
  );
  const remove = useGuardedMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setConfirm(null);
        showSuccess(messages.common.success, text.removed, { id: 'webhook-remove' });
        await refresh();
      },
      onError,
    }),
  );
  const active = subscription.status === 'active';
  const logId = `webhook-log-${subscription.id}`;
  return (
    <Paper component="li" withBorder p="sm" data-testid="webhook-row" data-status={subscription.status}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {subscription.url}
              </Text>
              <Badge color={active ? 'teal' : 'gray'} variant="light">
                {text.status[subscription.status]}
              </Badge>
            </Group>
            <Group gap={4} wrap="wrap">
              {subscription.events.map((type) => (
                <Badge key={type} variant="outline" color="gray" size="sm" tt="none">
                  {WEBHOOK_EVENT_LABELS[type]}
                </Badge>
              ))}
            </Group>
            {subscription.pausedReason === 'failing' && subscription.failingSince ? (
              <Text size="xs" c="red.7">
                {text.pausedFailing(formatDateTime(subscription.failingSince, timeZone))}
              </Text>
            ) : subscription.pausedReason === 'owner' ? (
              <Text size="xs" c="dimmed">
                {text.pausedOwner}
              </Text>
            ) : subscription.failingSince ? (
              <Text size="xs" c="dimmed">
                {text.failingSince(formatDateTime(subscription.failingSince, timeZone))}
              </Text>
            ) : null}
            {subscription.previousSecretUntil && (
              <Text size="xs" c="dimmed">
                {text.rotationUntil(formatDateTime(subscription.previousSecretUntil, timeZone))}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap" role="group" aria-label={text.actionsOf(subscription.url)}>
          <Button
            size="xs"
            variant="light"
            onClick={() => setShowLog((v) => !v)}
            aria-expanded={showLog}
            aria-controls={logId}
          >
            {showLog ? text.hideDeliveries : text.deliveries}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={setStatus.isPending}
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: subscription.id, status: active ? 'paused' : 'active' })}
          >
            {active
              ? setStatus.isPending
                ? text.pausing
                : text.pause
              : setStatus.isPending
                ? text.resuming
                : text.resume}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setConfirm('rotate')}
            disabled={rotate.isPending}
          >
            {text.rotate}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setConfirm('remove')}
            disabled={remove.isPending}
          >
            {text.remove}
          </Button>
        </Group>
        {showLog && (
          <div id={logId}>
            <DeliveryLog subscription={subscription} timeZone={timeZone} />
          </div>
        )}
      </Stack>
      <Modal
        opened={confirm === 'rotate'}
        onClose={() => !rotate.isPending && setConfirm(null)}
        title={text.rotateConfirmTitle}
        centered
      >
        <Stack gap="lg">
          <Text size="sm">{text.rotateConfirm}</Text>
          <ModalActions
            onCancel={() => setConfirm(null)}
            busy={rotate.isPending}
            cancelLabel={text.cancel}
            gap="sm"
          >
            <Button
              onClick={() => rotate.mutate({ id: subscription.id })}
              loading={rotate.isPending}
              disabled={rotate.isPending}
              data-autofocus
            >
              {rotate.isPending ? text.rotating : text.rotate}
            </Button>
          </ModalActions>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirm === 'remove'}
        title={text.removeConfirmTitle}
        message={text.removeConfirm}
        confirmLabel={text.remove}
        loading={remove.isPending}
        onConfirm={() => remove.mutateAsync({ id: subscription.id }).catch(() => {})}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}

function DeliveryLog({ subscription, timeZone }: { subscription: Subscription; timeZone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ subscriptionId: subscription.id }),
    refetchOnMount: 'always',
  });
  const resend = useGuardedMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async () => {
        showSuccess(
          messages.common.success,
          subscription.status === 'active' ? text.resent : `${text.resent} ${text.resendPausedHint}`,
          { id: 'webhook-resend' },
        );
        await queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
      },
      onError: (error) => showError(messages.common.error, failureText(error, text.actionError)),
    }),
  );
  if (deliveries.isPending)
    return (
      <Text size="sm" c="dimmed" role="status">
        {text.loading}
      </Text>
    );
  if (deliveries.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {text.deliveriesError}
      </Alert>
    );
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {text.deliveriesEmpty}
      </Text>
    );
  return (
    <Stack
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={text.deliveriesOf(subscription.url)}
    >
      {deliveries.data.map((delivery) => (
        <DeliveryRow
          key={delivery.id}
          delivery={delivery}
          timeZone={timeZone}
          pending={resend.isPendingFor({ deliveryId: delivery.id })}
          onResend={() => resend.mutate({ deliveryId: delivery.id })}
        />
      ))}
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  timeZone,
  pending,
  onResend,
}: {
  delivery: Delivery;
  timeZone: string;
  pending: boolean;
  onResend: () => void;
}) {
  const when = formatDateTime(delivery.createdAt, timeZone);
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {WEBHOOK_EVENT_LABELS[delivery.type]}
            </Text>
            <Badge size="sm" variant="light" color={DELIVERY_COLOR[delivery.status]}>
              {text.deliveryStatus[delivery.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {delivery.eventId} · {when}
          </Text>
          {delivery.log.length > 0 && (
            <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {delivery.log.map((attempt) => (
                <Text key={`${attempt.attempt}-${attempt.at.getTime()}`} component="li" size="xs">
                  {text.attempt(attempt.attempt)} · {formatDateTime(attempt.at, timeZone)} ·{' '}
                  <Text span size="xs" fw={600} ff="monospace">
                    {attempt.statusCode ?? text.noAnswer}
                  </Text>
                  {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ''}
                </Text>
              ))}
            </Stack>
          )}
          {delivery.nextAttemptAt && delivery.attempts > 0 && (
            <Text size="xs" c="dimmed">
              {text.nextAttempt(formatDateTime(delivery.nextAttemptAt, timeZone))}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          onClick={onResend}
          loading={pending}
          disabled={pending}
          aria-label={text.resendLabel(WEBHOOK_EVENT_LABELS[delivery.type], when)}
        >
          {pending ? text.resending : text.resend}
        </Button>
      </Group>
    </Paper>
  );
}
