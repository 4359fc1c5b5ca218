// "Compartilhar com o cliente" (issue 17 item 3; docs/approval.md "The client approval link"): a
// modal that creates a link for one theme or a period (client's name, validity 1–30 days, 7 by
// default), shows it once with a copy button, and lists the owner's links with their status,
// expiry and last use, each revocable. Every button is disabled while its request runs; both
// requests are idempotent on the server.
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  CLIENT_LINK_DEFAULT_DAYS,
  CLIENT_LINK_MAX_DAYS,
  type ClientLinkStatus,
  clientLinkMessages,
  formatDate,
  formatDateTime,
  INPUT_LIMITS,
  messages,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconCalendar, IconShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { CharacterCount } from '../../components/CharacterCount';
import { ShownOnce } from '../../components/CopyValueButton';
import { SaveButton } from '../../components/SaveButton';
import { useGuardedMutation } from '../../lib/actions';
import { errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = clientLinkMessages;
type Link = inferRouterOutputs<AppRouter>['clientLinks']['list']['links'][number];

const STATUS_COLOR: Record<ClientLinkStatus, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

interface ShareWithClientProps {
  /** Themes that require approval (the only ones a link can show). */
  themes: readonly { id: string; name: string }[];
  /** The board's theme filter, preselected. */
  themeId: string | null;
  timeZone: string;
}

/** The board's button and its modal. */
export function ShareWithClient({ themes, themeId, timeZone }: ShareWithClientProps) {
  const [opened, setOpened] = useState(false);
  // A phone gets the whole screen (the form and the list are long for a centred dialog).
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {text.share}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={text.modalTitle}
        size="lg"
        fullScreen={phone}
      >
        {opened && <ShareForm themes={themes} themeId={themeId} timeZone={timeZone} />}
      </Modal>
    </>
  );
}

function ShareForm({ themes, themeId, timeZone }: ShareWithClientProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'theme' | 'period'>(themes.length > 0 ? 'theme' : 'period');
  const [theme, setTheme] = useState<string | null>(themeId ?? themes[0]?.id ?? null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [clientName, setClientName] = useState('');
  const [days, setDays] = useState<number | string>(CLIENT_LINK_DEFAULT_DAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  const create = useGuardedMutation(
    trpc.clientLinks.create.mutationOptions({
      onSuccess: (result) => {
        setCreatedUrl(result.url);
        void queryClient.invalidateQueries(trpc.clientLinks.list.pathFilter());
      },
      onError: (error) => {
        const reason = errorDetails(error, 'CONFLICT')?.reason;
        showError(
          messages.common.error,
          reason === 'APPROVAL_NOT_REQUIRED'
            ? text.noApprovalThemes
            : (requestStateText(error) ?? text.createError),
        );
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const name = clientName.trim();
    if (!name) found.clientName = text.required.clientName;
    else if (name.length > INPUT_LIMITS.clientLinkName)
      found.clientName = messages.common.tooLong(INPUT_LIMITS.clientLinkName);
    if (kind === 'theme' && !theme) found.theme = text.required.theme;
    if (kind === 'period' && (!from || !to)) found.period = text.required.period;
    if (kind === 'period' && from && to && to < from) found.period = text.required.periodOrder;
    const validDays = typeof days === 'number' ? days : Number(days);
    if (!Number.isInteger(validDays) || validDays < 1 || validDays > CLIENT_LINK_MAX_DAYS)
      found.days = text.required.validity(CLIENT_LINK_MAX_DAYS);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({
      clientName: name,
      validDays,
      ...(kind === 'theme' ? { themeId: theme as string } : { from: from as string, to: to as string }),
    });
  };

  return (
    <Stack gap="lg">
      {createdUrl ? (
        <ShownOnce
          title={text.created}
          value={createdUrl}
          copyLabel={text.copy}
          copiedLabel={text.copied}
          closeLabel={text.createAnother}
          onClose={() => setCreatedUrl(null)}
          footer={
            <Text size="xs" c="dimmed">
              {text.createdOnce}
            </Text>
          }
        >
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="client-link-url">
            {createdUrl}
          </Text>
        </ShownOnce>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {text.intro}
            </Text>
            <TextInput
              label={text.clientName}
              value={clientName}
              onChange={(event) => setClientName(event.currentTarget.value)}
              error={errors.clientName}
              required
              description={
                <>
                  {text.clientNameHint}{' '}
                  <CharacterCount value={clientName} limit={INPUT_LIMITS.clientLinkName} />
                </>
              }
            />
            <Input.Wrapper label={text.scopeLabel} labelElement="div" id="client-link-scope">
              <div>
                <SegmentedControl
                  aria-labelledby="client-link-scope-label"
                  value={kind}
                  onChange={(value) => setKind(value as 'theme' | 'period')}
                  data={[
                    { value: 'theme', label: text.scopeTheme },
                    { value: 'period', label: text.scopePeriod },
                  ]}
                />
              </div>
            </Input.Wrapper>
            {kind === 'theme' ? (
              themes.length === 0 ? (
                <Alert color="yellow" variant="light">
                  {text.noApprovalThemes}
                </Alert>
              ) : (
                <Select
                  label={text.themeLabel}
                  placeholder={text.themePlaceholder}
                  data={themes.map((t) => ({ value: t.id, label: t.name }))}
                  value={theme}
                  onChange={setTheme}
                  error={errors.theme}
                  allowDeselect={false}
                />
              )
            ) : (
              <Group grow align="flex-start" wrap="wrap">
                <DayField
                  label={text.periodFrom}
                  value={from}
                  onChange={setFrom}
                  maxDate={to ?? undefined}
                  error={errors.period}
                />
                <DayField label={text.periodTo} value={to} onChange={setTo} minDate={from ?? undefined} />
              </Group>
            )}
            <NumberInput
              label={text.validity}
              description={text.validityHint(CLIENT_LINK_MAX_DAYS)}
              value={days}
              onChange={setDays}
              min={1}
              max={CLIENT_LINK_MAX_DAYS}
              allowDecimal={false}
              error={errors.days}
              maw={200}
            />
            <SaveButton
              pending={create.isPending}
              label={text.create}
              pendingLabel={text.creating}
              disabled={kind === 'theme' && themes.length === 0}
            />
          </Stack>
        </form>
      )}
      <ClientLinksList timeZone={timeZone} />
    </Stack>
  );
}

/** The owner's links: status, scope, expiry, last use, "Revogar". */
function ClientLinksList({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Fresh at every opening: "Último uso" changes while the modal is closed (the client opens the link).
  const links = useQuery({ ...trpc.clientLinks.list.queryOptions(), refetchOnMount: 'always' });
  const revoke = useGuardedMutation(
    trpc.clientLinks.revoke.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.revoked, { id: 'client-link-revoke' });
        await queryClient.invalidateQueries(trpc.clientLinks.list.pathFilter());
      },
      onError: (error) => showError(messages.common.error, requestStateText(error) ?? text.revokeError),
    }),
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby="client-links-title">
      <Title order={3} size="h5" id="client-links-title">
        {text.listTitle}
      </Title>
      {links.isPending ? (
        <Text size="sm" c="dimmed">
          {messages.common.loading}
        </Text>
      ) : links.isError ? (
        <Alert color="red" variant="light">
          {text.listError}
        </Alert>
      ) : links.data.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.listEmpty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {links.data.links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              timeZone={timeZone}
              pending={revoke.isPendingFor({ id: link.id })}
              onRevoke={() => revoke.mutate({ id: link.id })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A day of the shared period (dd/mm/aaaa). */
function DayField(props: Omit<DatePickerInputProps, 'valueFormat' | 'leftSection' | 'miw'>) {
  return (
    <DatePickerInput
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      miw={150}
      {...props}
    />
  );
}

function LinkRow({
  link,
  timeZone,
  pending,
  onRevoke,
}: {
  link: Link;
  timeZone: string;
  pending: boolean;
  onRevoke: () => void;
}) {
  const scope =
    link.scope.kind === 'theme'
      ? text.scopeThemeText(link.scope.themeName)
      : text.scopePeriodText(
          formatDate(link.scope.from, timeZone),
          // The period's end is exclusive (the next day's midnight): show its last day.
          formatDate(new Date(link.scope.to.getTime() - 1), timeZone),
        );
  return (
    <Paper component="li" withBorder p="sm" data-testid="client-link-row" data-status={link.status}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {link.clientName}
            </Text>
            <Badge color={STATUS_COLOR[link.status]} variant="light">
              {text.status[link.status]}
            </Badge>
          </Group>
          <Text size="sm">{scope}</Text>
          <Text size="xs" c="dimmed">
            {(link.status === 'expired' ? text.expired : text.expires)(
              formatDateTime(link.expiresAt, timeZone),
            )}
            {' · '}
            {link.lastUsedAt ? text.lastUsed(formatDateTime(link.lastUsedAt, timeZone)) : text.neverUsed}
          </Text>
        </Stack>
        {link.status === 'active' && (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={onRevoke}
            loading={pending}
            disabled={pending}
            aria-label={text.revokeLabel(link.clientName)}
          >
            {pending ? text.revoking : text.revoke}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
