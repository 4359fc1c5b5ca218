import { SimpleGrid } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconAdjustments, IconListDetails, IconMail, IconUsers } from '@tabler/icons-react';
import { viewPath } from '../../app/view-paths';
import { NavCard } from '../../components/NavCard';

const cards = messages.admin.cards;

/** Administração (spec §2.3): four cards, each switching to its view. */
export function AdminPanelView() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <NavCard
        href={viewPath('user-management')}
        title={cards.users.title}
        description={cards.users.description}
        icon={IconUsers}
      />
      <NavCard
        href={viewPath('email-templates')}
        title={cards.emailTemplates.title}
        description={cards.emailTemplates.description}
        icon={IconMail}
      />
      <NavCard
        href={viewPath('publishing-logs')}
        title={cards.publishingLogs.title}
        description={cards.publishingLogs.description}
        icon={IconListDetails}
      />
      <NavCard
        href={viewPath('admin-settings')}
        title={cards.settings.title}
        description={cards.settings.description}
        icon={IconAdjustments}
      />
    </SimpleGrid>
  );
}
