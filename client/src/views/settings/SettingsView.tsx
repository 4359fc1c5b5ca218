import { SimpleGrid, Stack } from '@mantine/core';
import { apiMessages, messages, reportMessages, snippetMessages } from '@pauta/core';
import {
  IconApi,
  IconFileAnalytics,
  IconFileText,
  IconPlugConnected,
  IconQuote,
  IconTrash,
} from '@tabler/icons-react';
import { useCan } from '../../app/permissions';
import { viewPath } from '../../app/view-paths';
import { NavCard } from '../../components/NavCard';
import { TimeZoneCard } from './TimeZoneCard';

const text = messages.settings;

/**
 * Configurações (spec §2.3): cards Contas Conectadas, Integrações (issue 28), Relatórios, Trechos salvos
 * (issue 30 item 5), Privacidade, Exclusão de Dados; the time zone (issue 30).
 */
export function SettingsView() {
  // A Cliente does not read the workspace, so not its snippets either.
  const readsWorkspace = useCan('workspace.read');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <NavCard
          href={viewPath('connected-accounts')}
          title={text.connectedAccounts}
          description={text.connectedAccountsDescription}
          icon={IconPlugConnected}
        />
        <NavCard
          href={viewPath('integrations')}
          title={apiMessages.integrations.title}
          description={apiMessages.integrations.description}
          icon={IconApi}
        />
        <NavCard
          href={viewPath('reports')}
          title={reportMessages.navLabel}
          description={reportMessages.settingsCardDescription}
          icon={IconFileAnalytics}
        />
        {readsWorkspace && (
          <NavCard
            href={viewPath('snippets')}
            title={snippetMessages.navLabel}
            description={snippetMessages.settingsCardDescription}
            icon={IconQuote}
          />
        )}
        <NavCard
          href={viewPath('privacy-policy')}
          title={text.privacy}
          description={text.privacyDescription}
          icon={IconFileText}
        />
        <NavCard
          href={viewPath('data-deletion')}
          title={text.dataDeletion}
          description={text.dataDeletionDescription}
          icon={IconTrash}
        />
      </SimpleGrid>
      <TimeZoneCard />
    </Stack>
  );
}
