import { SimpleGrid, Stack } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconFileText, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { viewPath } from '../../app/view-paths';
import { NavCard } from '../../components/NavCard';
import { TimeZoneCard } from './TimeZoneCard';

const text = messages.settings;

/** Configurações (spec §2.3): cards Contas Conectadas, Privacidade, Exclusão de Dados; the time zone (issue 30). */
export function SettingsView() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <NavCard
          href={viewPath('connected-accounts')}
          title={text.connectedAccounts}
          description={text.connectedAccountsDescription}
          icon={IconPlugConnected}
        />
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
