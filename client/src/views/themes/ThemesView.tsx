import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { viewPath } from '../../app/view-paths';
import { LinkButton } from '../../components/common/LinkButton';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import type { ThemeListItem } from '../../lib/themes';
import { useTRPC } from '../../lib/trpc';
import { DeleteThemeModal } from './DeleteThemeModal';
import { ThemeCard } from './ThemeCard';

const text = messages.themes;

/** Meus Temas (spec §2.3): a grid of theme cards, or the 'Nenhum tema criado' empty state. */
export function ThemesView() {
  const trpc = useTRPC();
  const themes = useQuery(trpc.themes.list.queryOptions());
  const [deleting, setDeleting] = useState<ThemeListItem | null>(null);
  const canWrite = useCan('themes.write');

  return (
    <QueryState
      query={themes}
      errorTitle={text.loadError}
      loading={<ThemesSkeleton />}
      isEmpty={(data) => data.length === 0}
      empty={
        <StateMessage icon={IconSparkles} title={text.empty} description={text.emptyDescription}>
          {canWrite && (
            <LinkButton href={viewPath('create')} icon={IconPlus} mt="xs">
              {text.createFirst}
            </LinkButton>
          )}
        </StateMessage>
      }
    >
      {(data) => (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {data.map((theme) => (
              <li key={theme.id}>
                <ThemeCard theme={theme} onDelete={() => setDeleting(theme)} />
              </li>
            ))}
          </SimpleGrid>
          <DeleteThemeModal theme={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </QueryState>
  );
}

function ThemesSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      aria-busy="true"
      aria-label={messages.common.loading}
    >
      {[0, 1, 2].map((key) => (
        <Card key={key}>
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={24} width="50%" />
            <Skeleton height={36} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
