import { Stack } from '@mantine/core';
import { apiMessages, messages, reportMessages, snippetMessages, type View } from '@pauta/core';
import {
  type Icon,
  IconApi,
  IconFileAnalytics,
  IconFileText,
  IconPlugConnected,
  IconQuote,
  IconTrash,
} from '@tabler/icons-react';
import { useCan } from '../../app/permissions';
import { viewPath } from '../../app/view-paths';
import { NavCardGrid, type NavCardProps } from '../../components/NavCard';
import { TimeZoneCard } from './TimeZoneCard';

const text = messages.settings;

function card(view: View, title: string, description: string, icon: Icon): NavCardProps {
  return { href: viewPath(view), title, description, icon };
}

/**
 * Configurações (spec §2.3): cards Contas Conectadas, Integrações (issue 28), Relatórios, Trechos salvos
 * (issue 30 item 5), Privacidade, Exclusão de Dados; the time zone (issue 30).
 */
export function SettingsView() {
  // A Cliente does not read the workspace, so not its snippets either.
  const readsWorkspace = useCan('workspace.read');
  return (
    <Stack gap="lg">
      <NavCardGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        cards={[
          card(
            'connected-accounts',
            text.connectedAccounts,
            text.connectedAccountsDescription,
            IconPlugConnected,
          ),
          card('integrations', apiMessages.integrations.title, apiMessages.integrations.description, IconApi),
          card('reports', reportMessages.navLabel, reportMessages.settingsCardDescription, IconFileAnalytics),
          readsWorkspace &&
            card('snippets', snippetMessages.navLabel, snippetMessages.settingsCardDescription, IconQuote),
          card('privacy-policy', text.privacy, text.privacyDescription, IconFileText),
          card('data-deletion', text.dataDeletion, text.dataDeletionDescription, IconTrash),
        ]}
      />
      <TimeZoneCard />
    </Stack>
  );
}
