import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
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
import { IconAlertTriangle, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useCan } from '../../app/permissions';
import { PLATFORM_COLORS, PlatformIcon } from '../../components/PlatformIcon';
import type { AccountCardData } from './types';

const text = messages.accounts;

const STATUS_BADGES = {
  connected: { label: text.connected, color: 'teal' },
  not_connected: { label: text.notConnected, color: 'gray' },
  not_configured: { label: text.setupPending, color: 'yellow' },
  needs_reconnect: { label: text.needsReconnect, color: 'orange' },
} as const;

type Health = NonNullable<AccountCardData['account']>['health'];

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
  /** `login`: the flow chosen where the network has several (profile `connectLogins`). */
  onConnect: (platform: ConnectablePlatform, login?: string) => void;
  onDisconnect: (card: AccountCardData) => void;
}

/** One network in Contas Conectadas: Conectado, Não conectado, Configuração pendente or Reconectar. */
export function AccountCard({ card, timeZone, connecting, onConnect, onDisconnect }: AccountCardProps) {
  const label = PLATFORM_LABELS[card.platform];
  const profile = NETWORK_PROFILES[card.platform];
  const { account } = card;
  const badge = account ? healthBadge(account.health) : STATUS_BADGES[card.status];
  const hint = account ? healthHint(account.health, label, timeZone) : null;
  // Reconectar renews the same account in place (expiring, expired or revoked).
  const canReconnect = account?.health.needsAction === true || card.status === 'needs_reconnect';
  const isConnecting = connecting === card.platform;
  // A role that may not connect accounts (Revisor) sees the cards without their buttons.
  const canWrite = useCan('accounts.write');
  // Several ways in (Instagram): one button per login configured; Reconectar reuses the account's.
  const logins = (profile.connectLogins ?? []).filter((choice) => card.logins.includes(choice.login));
  const reconnectLogin = account?.login ?? undefined;
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
      onClick={() => onConnect(card.platform, reconnect ? reconnectLogin : choice?.login)}
    >
      {isConnecting ? text.connecting : reconnect ? text.reconnect : (choice?.label ?? text.connect)}
    </Button>
  );
  const connectButtons =
    logins.length > 1
      ? logins.map((choice) => connectButton(false, choice))
      : connectButton(false, logins[0]);

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

        {account && (
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

        {hint && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {account?.health.needsAction && (
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-orange-7)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
            )}
            <Text size="sm">{hint}</Text>
          </Group>
        )}
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
          {canWrite && canReconnect && connectButton(true)}
          {canWrite && (card.status === 'connected' || card.status === 'needs_reconnect') && account && (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={18} aria-hidden />}
              onClick={() => onDisconnect(card)}
              disabled={connecting !== null}
            >
              {text.disconnect}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
