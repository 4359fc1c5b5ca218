import { Button, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ConnectablePlatform } from '@pauta/core';
import {
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  messages,
  PLATFORM_LABELS,
  sharedAccountMessages,
} from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from '../../app/navigation';
import { useSessionUser } from '../../app/session';
import { currentWorkspaceId } from '../../app/workspace';
import { StateMessage } from '../../components/StateMessage';
import { browserNavigation } from '../../lib/oauth';
import { showError, showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AccountCard } from './AccountCard';
import { ConnectFormModal } from './ConnectFormModal';
import { ConnectPromptModal } from './ConnectPromptModal';
import {
  describeConnectionError,
  forgetConnectPlatform,
  readConnectionReturn,
  rememberConnectPlatform,
} from './connection-return';
import { DisconnectAccountModal } from './DisconnectAccountModal';
import { NetworkPendingChoiceModal } from './NetworkPendingChoiceModal';
import { PickFacebookPageModal } from './PickFacebookPageModal';
import { PickInstagramAccountModal } from './PickInstagramAccountModal';
import type { DisconnectTarget } from './types';

const text = messages.accounts;

/** Spec §2.1/§9: after an OAuth return the query is cleaned and the accounts reload after 1 s. */
export const RETURN_RELOAD_DELAY_MS = 1000;

/**
 * The server route that starts a connection (full-page navigation to the network); `typed` is
 * what the person typed in the network's step before the login (its profile's `connectPrompt`);
 * `login` the flow chosen where the network has several (its profile's `connectLogins`).
 */
export function connectStartUrl(
  platform: ConnectablePlatform,
  typed?: string,
  login?: string,
  another?: boolean,
): string {
  // The account lands in the current workspace ("cliente"); without one, the person's default.
  const workspace = currentWorkspaceId();
  let query = workspace ? `&workspace=${encodeURIComponent(workspace)}` : '';
  const prompt = NETWORK_PROFILES[platform].connectPrompt;
  if (prompt && typed !== undefined) query += `&${prompt.param}=${encodeURIComponent(typed)}`;
  if (login !== undefined) query += `&login=${encodeURIComponent(login)}`;
  // "Conectar outra conta": the server seals the intent in the attempt (never read on the return).
  if (another) query += '&intent=another';
  return `/auth/oauth/${platform}/start?purpose=connect${query}`;
}

/** Contas Conectadas (spec §2.3): one card per network; the OAuth return lands here. */
export function ConnectedAccountsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const search = useSearch();
  const zone = useSessionUser()?.timezone;
  const timeZone = isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;

  // Read once per visit: the URL is cleaned afterwards.
  const [connectionReturn] = useState(() => readConnectionReturn(search));
  const [pendingId, setPendingId] = useState<string | null>(connectionReturn?.pickPage ?? null);
  const [instagramPendingId, setInstagramPendingId] = useState<string | null>(
    connectionReturn?.pickInstagram ?? null,
  );
  const [pendingChoice, setPendingChoice] = useState(connectionReturn?.pendingChoice ?? null);
  const [connecting, setConnecting] = useState<ConnectablePlatform | null>(null);
  const [prompting, setPrompting] = useState<ConnectablePlatform | null>(null);
  const [disconnecting, setDisconnecting] = useState<DisconnectTarget | null>(null);
  const [formPlatform, setFormPlatform] = useState<ConnectablePlatform | null>(null);
  /** The open prompt or form was opened by "Conectar outra conta". */
  const [another, setAnother] = useState(false);
  const announced = useRef(false);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.accounts.list.queryKey() }),
    [queryClient, trpc],
  );

  useEffect(() => {
    if (!connectionReturn || announced.current) return;
    const { error, reason, platform, pickPage, pickInstagram } = connectionReturn;
    const picking = pickPage || pickInstagram || connectionReturn.pendingChoice;
    // A success waits for the list: it says where else the account is connected (docs/workspaces.md).
    if (!error && !picking && platform && accounts.isPending) return;
    announced.current = true;
    forgetConnectPlatform();
    if (error) showErrorText(describeConnectionError(error, reason, platform), { id: 'account-connection' });
    else if (!picking && connectionReturn.already)
      showSuccess(messages.common.success, text.alreadyConnected, { id: 'account-connection' });
    else if (!picking && platform) {
      const elsewhere = accounts.data?.find((card) => card.platform === platform)?.account?.alsoConnectedIn;
      const also = elsewhere ? sharedAccountMessages.alsoConnected(elsewhere) : null;
      const success = text.connectedSuccess(PLATFORM_LABELS[platform]);
      showSuccess(messages.common.success, also ? `${success} ${also}` : success, {
        id: 'account-connection',
      });
    }
  }, [connectionReturn, accounts.isPending, accounts.data]);

  useEffect(() => {
    if (!connectionReturn) return;
    const timer = window.setTimeout(() => {
      if (new URLSearchParams(window.location.search).get('connection') === 'true')
        window.history.replaceState(window.history.state, '', window.location.pathname);
      void reload();
    }, RETURN_RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [connectionReturn, reload]);

  useEffect(() => {
    if (accounts.isError) showError(messages.common.error, text.loadError, { id: 'accounts-load' });
  }, [accounts.isError]);

  // Back from the network through the browser's page cache: the buttons work again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setConnecting(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const go = (platform: ConnectablePlatform, typed?: string, login?: string, intent = false) => {
    if (connecting) return;
    // A network that logs in through a form (an app password) opens it here: no redirect.
    if (NETWORK_PROFILES[platform].connectForm) {
      setAnother(intent);
      setFormPlatform(platform);
      return;
    }
    setConnecting(platform);
    rememberConnectPlatform(platform);
    browserNavigation.assign(connectStartUrl(platform, typed, login, intent));
  };
  // A network of many servers asks for the person's server first (ConnectPromptModal).
  const connect = (platform: ConnectablePlatform, login?: string, intent = false) => {
    if (connecting) return;
    if (NETWORK_PROFILES[platform].connectPrompt) {
      setAnother(intent);
      setPrompting(platform);
    } else go(platform, undefined, login, intent);
  };

  let content: ReactNode;
  if (accounts.isPending) content = <AccountsSkeleton />;
  else if (accounts.isError)
    content = (
      <StateMessage icon={IconAlertTriangle} color="red" title={text.loadError} role="alert">
        <Button variant="light" onClick={() => void accounts.refetch()} loading={accounts.isRefetching}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );
  else
    content = (
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="lg"
        component="ul"
        aria-label={text.accountsLabel}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {accounts.data.map((card) => (
          <li key={card.platform}>
            <AccountCard
              card={card}
              timeZone={timeZone}
              connecting={connecting}
              onConnect={connect}
              onDisconnect={setDisconnecting}
            />
          </li>
        ))}
      </SimpleGrid>
    );

  return (
    <>
      {content}
      <ConnectPromptModal
        platform={prompting}
        onClose={() => setPrompting(null)}
        onSubmit={(platform, typed) => {
          setPrompting(null);
          go(platform, typed, undefined, another);
        }}
      />
      <DisconnectAccountModal
        target={disconnecting}
        onClose={() => setDisconnecting(null)}
        onDisconnected={reload}
      />
      <ConnectFormModal
        key={formPlatform ?? 'closed'}
        platform={formPlatform}
        another={another}
        onClose={() => setFormPlatform(null)}
        onConnected={reload}
      />
      <PickFacebookPageModal pendingId={pendingId} onClose={() => setPendingId(null)} onConnected={reload} />
      <PickInstagramAccountModal
        pendingId={instagramPendingId}
        onClose={() => setInstagramPendingId(null)}
        onConnected={reload}
      />
      {/* Several Pages, boards or locations (the network's profile `pendingChoice`): the one Pauta publishes to. */}
      <NetworkPendingChoiceModal
        pending={pendingChoice}
        onClose={() => setPendingChoice(null)}
        onConnected={reload}
      />
    </>
  );
}

function AccountsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label={messages.common.loading}>
      {[0, 1, 2, 3].map((key) => (
        <Card key={key} withBorder padding="lg">
          <Stack gap="md">
            <Group gap="sm">
              <Skeleton height={44} width={44} radius="md" />
              <Skeleton height={20} width="40%" />
            </Group>
            <Skeleton height={14} width="70%" />
            <Skeleton height={14} width="50%" />
            <Skeleton height={36} width={120} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
