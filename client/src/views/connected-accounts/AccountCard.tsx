import { Avatar, Badge, Button, Card, Group, Menu, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AccountHealthState, ConnectablePlatform } from '@pauta/core';
import {
  formatCompactNumber,
  formatDate,
  formatDateTime,
  messages,
  PLATFORM_LABELS,
  sharedAccountMessages,
} from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useCan } from '../../app/permissions';
import { PLATFORM_COLORS, PlatformIcon } from '../../components/PlatformIcon';
import {
  type AccountCardData,
  type AccountEntry,
  accountDisplayName,
  cardAccounts,
  type DisconnectTarget,
} from './types';

const text = messages.accounts;

const STATUS_BADGES = {
  connected: { label: text.connected, color: 'teal' },
  not_connected: { label: text.notConnected, color: 'gray' },
  not_configured: { label: text.setupPending, color: 'yellow' },
  needs_reconnect: { label: text.needsReconnect, color: 'orange' },
} as const;

type Health = AccountEntry['health'];

/** The badge of a connected account: its health (core accountHealth, computed by the server). */
function healthBadge(health: Health): { label: string; color: string } {
  const labels: Record<AccountHealthState, { label: string; color: string }> = {
    ok: STATUS_BADGES.connected,
    expiring: { label: text.health.expiring(health.daysLeft ?? 0), color: 'yellow' },
    needs_reconnect: STATUS_BADGES.needs_reconnect,
    revoked: { label: text.health.revoked, color: 'red' },
    limited: { label: text.health.limited, color: 'grape' },
  };
  return labels[health.state];
}

/** What the health means and what to do (pt-BR), or null when all is well. */
function healthHint(health: Health, platform: string, timeZone: string): string | null {
  switch (health.state) {
    case 'expiring':
      return text.healthHint.expiring(
        platform,
        health.expiresAt ? formatDate(new Date(health.expiresAt), timeZone) : '',
      );
    case 'needs_reconnect':
      return text.healthHint.needs_reconnect(platform);
    case 'revoked':
      return text.healthHint.revoked(platform);
    case 'limited':
      return text.healthHint.limited(
        platform,
        health.limitedUntil ? formatDateTime(new Date(health.limitedUntil), timeZone) : null,
      );
    default:
      return null;
  }
}

interface AccountCardProps {
  card: AccountCardData;
  timeZone: string;
  /** The network being connected right now (all Conectar buttons wait meanwhile). */
  connecting: ConnectablePlatform | null;
  /**
   * `login`: the flow chosen where the network has several (profile `connectLogins`); `another`:
   * "Conectar outra conta" (the only way a second account of the network is added).
   */
  onConnect: (platform: ConnectablePlatform, login?: string, another?: boolean) => void;
  onDisconnect: (target: DisconnectTarget) => void;
}

/** One network in Contas Conectadas: Conectado, Não conectado, Configuração pendente or Reconectar. */
export function AccountCard({ card, timeZone, connecting, onConnect, onDisconnect }: AccountCardProps) {
  const label = PLATFORM_LABELS[card.platform];
  const profile = NETWORK_PROFILES[card.platform];
  const accounts = cardAccounts(card);
  const several = accounts.length > 1;
  const account = accounts[0] ?? null;
  const badge = several
    ? {
        label: text.accountsCount(accounts.length),
        color: accounts.some((entry) => entry.health.needsAction) ? 'orange' : 'teal',
      }
    : account
      ? healthBadge(account.health)
      : STATUS_BADGES[card.status];
  const hint = account && !several ? healthHint(account.health, label, timeZone) : null;
  // Reconectar renews the same account in place (expiring, expired or revoked).
  const canReconnect = account?.health.needsAction === true || card.status === 'needs_reconnect';
  const isConnecting = connecting === card.platform;
  // A role that may not connect accounts (Revisor) sees the cards without their buttons.
  const canWrite = useCan('accounts.write');
  // Several ways in (Instagram): one button per login configured; Reconectar reuses the account's.
  const logins = (profile.connectLogins ?? []).filter((choice) => card.logins.includes(choice.login));
  const connectedWith = profile.connectLogins?.find((choice) => choice.login === account?.login)?.connected;
  const connectButton = (reconnect: boolean, choice?: { login: string; label: string }) => (
    <Button
      key={choice?.login ?? 'connect'}
      variant={reconnect ? 'filled' : 'light'}
      color={reconnect ? 'orange' : undefined}
      leftSection={
        reconnect ? <IconRefresh size={18} aria-hidden /> : <IconPlugConnected size={18} aria-hidden />
      }
      disabled={connecting !== null}
      onClick={() => onConnect(card.platform, reconnect ? (account?.login ?? undefined) : choice?.login)}
    >
      {isConnecting ? text.connecting : reconnect ? text.reconnect : (choice?.label ?? text.connect)}
    </Button>
  );
  const connectButtons =
    logins.length > 1
      ? logins.map((choice) => connectButton(false, choice))
      : connectButton(false, logins[0]);
  // "Conectar outra conta": the same flow with the intent sealed in the attempt. Where the network
  // has several ways in (Instagram), the person picks the login for the new account (a menu of
  // the same choices as Conectar); with one, the network's own.
  const anotherButton =
    logins.length > 1 ? (
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            disabled={connecting !== null}
          >
            {isConnecting ? text.connecting : text.connectAnother}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {logins.map((choice) => (
            <Menu.Item key={choice.login} onClick={() => onConnect(card.platform, choice.login, true)}>
              {choice.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    ) : (
      <Button
        variant="light"
        leftSection={<IconPlus size={18} aria-hidden />}
        disabled={connecting !== null}
        onClick={() => onConnect(card.platform, logins[0]?.login, true)}
      >
        {isConnecting ? text.connecting : text.connectAnother}
      </Button>
    );

  return (
    <Card component="article" withBorder padding="lg" aria-label={text.cardLabel(label)} h="100%">
      <Stack gap="md" h="100%">
        {/* The status badge moves under the name when the card is too narrow for both. */}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color={PLATFORM_COLORS[card.platform]}>
              <PlatformIcon platform={card.platform} size={26} />
            </ThemeIcon>
            <Text component="h2" fw={700} size="lg">
              {label}
            </Text>
          </Group>
          <Badge color={badge.color} variant="light" tt="none">
            {badge.label}
          </Badge>
        </Group>

        {several && (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            aria-label={text.accountsListLabel(label)}
            style={{ listStyle: 'none' }}
          >
            {accounts.map((entry) => (
              <AccountRow
                key={entry.id}
                card={card}
                account={entry}
                timeZone={timeZone}
                connecting={connecting}
                canWrite={canWrite}
                onConnect={onConnect}
                onDisconnect={onDisconnect}
              />
            ))}
          </Stack>
        )}

        {account && !several && (
          <Stack gap={4}>
            {profile.accountCard.title === 'handle' && account.username ? (
              <>
                <Text fw={600}>{text.instagramHandle(account.username)}</Text>
                {account.pageName && (
                  <Text size="sm">{text.pageLabel(account.pageName, profile.accountCard.pageLabel)}</Text>
                )}
              </>
            ) : (
              <>
                <Text fw={600}>{account.pageName ?? account.name ?? account.username}</Text>
                {account.pageName && account.name && <Text size="sm">{text.connectedAs(account.name)}</Text>}
              </>
            )}
            {profile.accountCard.showHandle && account.username && (
              <Text size="sm" c="dimmed">
                @{account.username}
              </Text>
            )}
            {account.followers !== null && (
              <Text size="sm" c="dimmed">
                {text.followersCompact(formatCompactNumber(account.followers), account.followers)}
              </Text>
            )}
            {connectedWith && (
              <Text size="sm" c="dimmed">
                {connectedWith}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {text.connectedAtDate(formatDate(new Date(account.connectedAt), timeZone))}
            </Text>
            {account.alsoConnectedIn && (
              <Text size="sm" data-testid={`also-connected-${card.platform}`}>
                {sharedAccountMessages.alsoConnected(account.alsoConnectedIn)}
              </Text>
            )}
          </Stack>
        )}

        {hint && <HealthHint needsAction={account?.health.needsAction === true} hint={hint} />}
        {card.status === 'not_connected' && (
          <Text size="sm" c="dimmed">
            {logins.length > 1 && profile.connectLoginsHint
              ? profile.connectLoginsHint
              : text.notConnectedHint}
          </Text>
        )}
        {card.status === 'not_configured' && (
          <Text size="sm" c="dimmed">
            {profile.accountCard.notConfigured ?? text.setupPendingHint}
          </Text>
        )}

        <Group mt="auto" gap="sm">
          {canWrite && card.status === 'not_connected' && connectButtons}
          {canWrite && !several && canReconnect && connectButton(true)}
          {canWrite && !several && account && (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={18} aria-hidden />}
              onClick={() => onDisconnect({ card, account })}
              disabled={connecting !== null}
            >
              {text.disconnect}
            </Button>
          )}
          {canWrite && account && anotherButton}
        </Group>
      </Stack>
    </Card>
  );
}

function HealthHint({ needsAction, hint }: { needsAction: boolean; hint: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {needsAction && (
        <IconAlertTriangle
          size={18}
          color="var(--mantine-color-orange-7)"
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
      )}
      <Text size="sm">{hint}</Text>
    </Group>
  );
}

interface AccountRowProps {
  card: AccountCardData;
  account: AccountEntry;
  timeZone: string;
  connecting: ConnectablePlatform | null;
  canWrite: boolean;
  onConnect: AccountCardProps['onConnect'];
  onDisconnect: AccountCardProps['onDisconnect'];
}

/** One of several accounts of a network: name/@handle, avatar, health, its Reconectar and Desconectar. */
function AccountRow({
  card,
  account,
  timeZone,
  connecting,
  canWrite,
  onConnect,
  onDisconnect,
}: AccountRowProps) {
  const label = PLATFORM_LABELS[card.platform];
  const profile = NETWORK_PROFILES[card.platform];
  const name = accountDisplayName(card.platform, account);
  const badge = healthBadge(account.health);
  const hint = healthHint(account.health, label, timeZone);
  const handle =
    account.username && !name.startsWith('@') && (profile.accountCard.showHandle || account.pageName)
      ? `@${account.username}`
      : null;
  const details = [
    handle,
    account.followers === null
      ? null
      : text.followersCompact(formatCompactNumber(account.followers), account.followers),
  ].filter((part): part is string => part !== null);
  const connectedWith = profile.connectLogins?.find((choice) => choice.login === account.login)?.connected;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={text.accountLabel(name)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
            <Avatar
              src={account.avatarUrl}
              alt=""
              radius="xl"
              size={36}
              color={PLATFORM_COLORS[card.platform]}
            >
              {initialsOf(name)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate="end">
                {name}
              </Text>
              {details.length > 0 && (
                <Text size="xs" c="dimmed">
                  {details.join(' · ')}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {text.connectedAtDate(formatDate(new Date(account.connectedAt), timeZone))}
                {connectedWith ? ` · ${connectedWith}` : ''}
              </Text>
            </Stack>
          </Group>
          <Badge color={badge.color} variant="light" tt="none">
            {badge.label}
          </Badge>
        </Group>
        {hint && <HealthHint needsAction={account.health.needsAction} hint={hint} />}
        {account.alsoConnectedIn && (
          <Text size="sm">{sharedAccountMessages.alsoConnected(account.alsoConnectedIn)}</Text>
        )}
        {canWrite && (
          <Group gap="xs">
            {account.health.needsAction && (
              <Button
                size="xs"
                color="orange"
                leftSection={<IconRefresh size={16} aria-hidden />}
                disabled={connecting !== null}
                onClick={() => onConnect(card.platform, account.login ?? undefined)}
              >
                {connecting === card.platform ? text.connecting : text.reconnect}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlugConnectedX size={16} aria-hidden />}
              disabled={connecting !== null}
              onClick={() => onDisconnect({ card, account })}
            >
              {text.disconnect}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function initialsOf(name: string): string {
  const words = name
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
