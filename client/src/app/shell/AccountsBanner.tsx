// The shell's notice when a connected account needs the person (issue 18 item 1): its token
// expires within 14 days and cannot be renewed, it expired, or the network revoked it. Reads the
// same accounts.list query as Contas Conectadas (shared cache; live 'account' events refresh it),
// so the banner and the cards never disagree; not shown on Contas Conectadas itself.
import { Alert, Anchor, List, Text } from '@mantine/core';
import { messages, PLATFORM_LABELS, type View } from '@pauta/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { Link } from '../Link';
import { useCan } from '../permissions';
import { viewPath } from '../view-paths';

const text = messages.accounts;

export function AccountsBanner({ view }: { view: View }) {
  const trpc = useTRPC();
  // A Cliente may not read the accounts (and has nothing to reconnect): no request, no banner.
  const canRead = useCan('workspace.read');
  const accounts = useQuery({
    ...trpc.accounts.list.queryOptions(undefined, { staleTime: 5 * 60_000 }),
    enabled: canRead,
  });
  if (view === 'connected-accounts') return null;
  // Every account of a network (several per network: docs/workspaces.md), each flagged on its own.
  const flagged = (accounts.data ?? []).flatMap((card) =>
    (card.accounts ?? (card.account ? [card.account] : [])).flatMap((account) =>
      account.health.needsAction
        ? [{ key: account.id, platform: card.platform, health: account.health }]
        : [],
    ),
  );
  if (flagged.length === 0) return null;
  const urgent = flagged.some((f) => f.health.state !== 'expiring');
  return (
    <Alert
      color={urgent ? 'orange' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      mb="xl"
      role="status"
      title={flagged.length === 1 ? text.bannerTitle : text.bannerTitleMany(flagged.length)}
    >
      <List size="sm" mb="xs">
        {flagged.map(({ key, platform, health }) => (
          <List.Item key={key}>
            {text.bannerLine(
              PLATFORM_LABELS[platform],
              health.state === 'expiring'
                ? text.health.expiring(health.daysLeft ?? 0)
                : health.state === 'revoked'
                  ? text.health.revoked
                  : text.needsReconnect,
            )}
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        <Anchor component={Link} href={viewPath('connected-accounts')} fw={600}>
          {text.bannerAction}
        </Anchor>
      </Text>
    </Alert>
  );
}
