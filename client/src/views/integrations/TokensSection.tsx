import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  API_SCOPE_DESCRIPTIONS,
  API_SCOPE_LABELS,
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiTokenExpiryDays,
  type ApiTokenScope,
  type ApiTokenSummary,
  apiExpiryLabel,
  apiMessages,
  apiTokenStatus,
  DEFAULT_TIME_ZONE,
  formatDateTime,
  generateApiToken,
  isValidTimeZone,
  messages,
} from '@pauta/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useSessionUser } from '../../app/session';
import { CopyValueButton } from '../../components/CopyValueButton';
import { ModalActions } from '../../components/common/ModalActions';
import { ListTable } from '../../components/ListTable';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useSingleFlight } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = apiMessages.tokens;

type TokenItem = ApiTokenSummary;

/** Personal access tokens (Integrações; docs/api.md): create (shown once), list, revoke. */
export function TokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const zone = useSessionUser()?.timezone;
  const timeZone = isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<TokenItem | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="tokens-title">
      <Stack gap="lg">
        <Group gap="xs">
          <IconKey size={22} aria-hidden />
          <Title order={2} size="h3" id="tokens-title">
            {text.title}
          </Title>
        </Group>
        <CreateTokenForm
          onCreated={(name, token) => {
            setCreated({ name, token });
            void reload();
          }}
        />
        <QueryState
          query={tokens}
          errorTitle={text.loadError}
          isEmpty={(data) => data.length === 0}
          empty={<StateMessage icon={IconKey} title={text.empty} />}
        >
          {(data) => (
            <TokensTable
              tokens={data as TokenItem[]}
              timeZone={timeZone}
              onRevoke={(token) => setRevoking(token)}
            />
          )}
        </QueryState>
      </Stack>
      <CreatedTokenModal created={created} onClose={() => setCreated(null)} />
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} onRevoked={reload} />
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (name: string, token: string) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.apiTokens.create.mutationOptions());
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<ApiTokenExpiryDays>(90);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  // One token per attempt: a retry of the same form (a lost answer) sends the same token, so the
  // server's Idempotency-Key replays it; any change of the form makes a new one.
  const attempt = useRef<string | null>(null);
  const changed = () => {
    attempt.current = null;
  };

  const [submit, submitting] = useSingleFlight(async () => {
    const trimmed = name.trim();
    const found = {
      name: !trimmed
        ? text.nameRequired
        : trimmed.length > API_TOKEN_NAME_MAX
          ? text.nameTooLong(API_TOKEN_NAME_MAX)
          : undefined,
      scopes: scopes.length === 0 ? text.scopesRequired : undefined,
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    attempt.current ??= generateApiToken();
    const token = attempt.current;
    try {
      await create.mutateAsync({ name: trimmed, scopes, expiresInDays: expiry, token });
      attempt.current = null;
      setName('');
      onCreated(trimmed, token);
    } catch (error) {
      showErrorText(describeError(error));
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={text.create}>
      <Stack gap="md">
        <TextInput
          label={text.name}
          placeholder={text.namePlaceholder}
          value={name}
          maxLength={API_TOKEN_NAME_MAX + 20}
          onChange={(event) => {
            setName(event.currentTarget.value);
            changed();
          }}
          error={errors.name}
          required
          disabled={submitting}
          maw={520}
        />
        <Checkbox.Group
          label={text.scopes}
          value={scopes}
          onChange={(value) => {
            setScopes(API_TOKEN_SCOPES.filter((scope) => value.includes(scope)));
            changed();
          }}
          error={errors.scopes}
          required
        >
          <Stack gap="xs" mt="xs">
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={API_SCOPE_LABELS[scope]}
                description={API_SCOPE_DESCRIPTIONS[scope]}
                disabled={submitting}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label={text.expiry}
          value={String(expiry)}
          onChange={(value) => {
            setExpiry(value === 'null' ? null : (Number(value) as ApiTokenExpiryDays));
            changed();
          }}
        >
          <Group gap="lg" mt="xs">
            {API_TOKEN_EXPIRY_DAYS.map((days) => (
              <Radio
                key={String(days)}
                value={String(days)}
                label={apiExpiryLabel(days)}
                disabled={submitting}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {submitting ? text.creating : text.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TokensTable({
  tokens,
  timeZone,
  onRevoke,
}: {
  tokens: TokenItem[];
  timeZone: string;
  onRevoke: (token: TokenItem) => void;
}) {
  const now = Date.now();
  const when = (date: Date | null, none: string) => (date ? formatDateTime(new Date(date), timeZone) : none);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (phone) {
    return (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {tokens.map((token) => {
          const status = apiTokenStatus(token, now);
          return (
            <Card key={token.id} withBorder padding="md" radius="md" component="li">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
                    {token.name}
                  </Text>
                  <StatusBadge status={status} />
                </Group>
                <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {token.prefix}…
                </Text>
                <ScopeBadges scopes={token.scopes} />
                <Text size="sm" c="dimmed">
                  {text.columns.createdAt}: {when(token.createdAt, '')}
                  <br />
                  {text.columns.lastUsed}: {when(token.lastUsedAt, text.never)}
                  <br />
                  {text.columns.expires}: {when(token.expiresAt, text.noExpiry)}
                </Text>
                {status !== 'revoked' && (
                  <Group justify="flex-end">
                    <RevokeButton token={token} onRevoke={onRevoke} />
                  </Group>
                )}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <ListTable
      minWidth={900}
      look="striped"
      head={[
        text.columns.name,
        text.columns.prefix,
        text.columns.scopes,
        text.columns.createdAt,
        text.columns.lastUsed,
        text.columns.expires,
        text.columns.status,
        <VisuallyHidden key="revoke">{text.revoke}</VisuallyHidden>,
      ]}
    >
      {tokens.map((token) => {
        const status = apiTokenStatus(token, now);
        return (
          <Table.Tr key={token.id}>
            <Table.Td fw={500}>{token.name}</Table.Td>
            <Table.Td>
              <Text ff="monospace" size="sm">
                {token.prefix}…
              </Text>
            </Table.Td>
            <Table.Td>
              <ScopeBadges scopes={token.scopes} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(token.createdAt, '')}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(token.lastUsedAt, text.never)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(token.expiresAt, text.noExpiry)}</Table.Td>
            <Table.Td>
              <StatusBadge status={status} />
            </Table.Td>
            <Table.Td>{status !== 'revoked' && <RevokeButton token={token} onRevoke={onRevoke} />}</Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

function ScopeBadges({ scopes }: { scopes: ApiTokenScope[] }) {
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="light" size="sm">
          {API_SCOPE_LABELS[scope]}
        </Badge>
      ))}
    </Group>
  );
}

function StatusBadge({ status }: { status: 'active' | 'revoked' | 'expired' }) {
  return (
    <Badge
      variant="light"
      color={status === 'active' ? 'green' : status === 'revoked' ? 'red' : 'gray'}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status === 'active'
        ? text.statusActive
        : status === 'revoked'
          ? text.statusRevoked
          : text.statusExpired}
    </Badge>
  );
}

function RevokeButton({ token, onRevoke }: { token: TokenItem; onRevoke: (token: TokenItem) => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      onClick={() => onRevoke(token)}
      aria-label={`${text.revoke}: ${token.name}`}
    >
      {text.revoke}
    </Button>
  );
}

/** The token, once: a copy button and the warning that it will not be shown again. */
function CreatedTokenModal({
  created,
  onClose,
}: {
  created: { name: string; token: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title={text.createdTitle} centered size="lg">
      {created && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} variant="light">
            {text.createdWarning}
          </Alert>
          <Textarea
            label={created.name}
            value={created.token}
            readOnly
            autosize
            minRows={1}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all', lineHeight: 1.6 } }}
          />
          <Group justify="space-between" wrap="wrap">
            <CopyValueButton
              value={created.token}
              label={text.copy}
              copiedLabel={text.copied}
              variant="filled"
              copiedVariant="light"
              copiedColor="green"
            />
            <Button variant="default" onClick={onClose}>
              {text.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RevokeTokenModal({
  token,
  onClose,
  onRevoked,
}: {
  token: TokenItem | null;
  onClose: () => void;
  onRevoked: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const revoke = useMutation(trpc.apiTokens.revoke.mutationOptions());
  const [confirm, revoking] = useSingleFlight(async () => {
    if (!token) return;
    try {
      await revoke.mutateAsync({ id: token.id });
      showSuccess(messages.common.success, text.revoked);
      onClose();
      await onRevoked();
    } catch (error) {
      showErrorText(describeError(error));
    }
  });
  return (
    <Modal
      opened={token !== null}
      onClose={() => {
        if (!revoking) onClose();
      }}
      title={text.revokeTitle}
      centered
    >
      {token && <Text>{text.revokeConfirm(token.name)}</Text>}
      <ModalActions onCancel={onClose} busy={revoking} cancelLabel={text.revokeCancel} mt="lg">
        <Button color="red" onClick={() => void confirm()} loading={revoking} disabled={revoking}>
          {revoking ? text.revoking : text.revoke}
        </Button>
      </ModalActions>
    </Modal>
  );
}
