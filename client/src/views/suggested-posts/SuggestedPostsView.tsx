import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { messages, resolveThemeColor, SUGGESTIONS_FROM_CARD } from '@pauta/core';
import { IconAlertTriangle, IconInfoCircle, IconPalette, IconPlus, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';
import { navigate } from '../../app/navigation';
import { useViewParam, viewPath } from '../../app/view-paths';
import { LinkButton } from '../../components/common/LinkButton';
import { PlatformBadge } from '../../components/PlatformIcon';
import { StateMessage } from '../../components/StateMessage';
import type { Draft, ThemeListItem } from '../../lib/themes';
import { useTRPC } from '../../lib/trpc';
import { DraftCard } from './DraftCard';
import { EditDraftModal } from './EditDraftModal';
import classes from './SuggestedPostsView.module.css';
import { useDraftGeneration } from './useDraftGeneration';

const text = messages.posts;

/**
 * Posts Sugeridos (spec §2.3): AI drafts of the theme of `?theme=<id>`, kept in memory only,
 * to edit, remove or schedule. Arriving from a card's 'Gerar 5 Posts' (`&from=card`) generates
 * at once; the screen's own button generates in 'screen' mode, where AI failures are reported.
 */
export function SuggestedPostsView() {
  const trpc = useTRPC();
  const themeId = useViewParam('theme');
  const fromCard = useViewParam('from') === 'card';
  const themes = useQuery(trpc.themes.list.queryOptions());
  const theme = themeId ? themes.data?.find((item) => item.id === themeId) : undefined;

  const picker = (
    <ThemePicker themes={themes.data ?? []} value={theme?.id ?? null} loading={themes.isPending} />
  );

  if (!themeId || (themes.isSuccess && !theme))
    return (
      <StateMessage
        icon={IconPalette}
        title={themeId ? messages.themes.themeNotFound : text.noThemeSelected}
        description={themes.data?.length === 0 ? text.noThemes : text.noThemeSelectedHint}
      >
        {themes.data?.length === 0 ? (
          <LinkButton href={viewPath('create')} icon={IconPlus}>
            {messages.themes.createFirst}
          </LinkButton>
        ) : (
          picker
        )}
      </StateMessage>
    );

  if (themes.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label={messages.common.loading}>
        <Skeleton height={72} radius="lg" />
        <DraftSkeletons />
      </Stack>
    );

  if (themes.isError || !theme)
    return (
      <StateMessage icon={IconAlertTriangle} color="red" title={messages.themes.loadError} role="alert">
        <Button variant="light" onClick={() => void themes.refetch()}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );

  return <ThemeDrafts key={theme.id} theme={theme} autoGenerate={fromCard} picker={picker} />;
}

interface ThemeDraftsProps {
  theme: ThemeListItem;
  autoGenerate: boolean;
  picker: ReactNode;
}

function ThemeDrafts({ theme, autoGenerate, picker }: ThemeDraftsProps) {
  const { drafts, source, localModels, run, generating, remove, replace } = useDraftGeneration(
    theme.id,
    autoGenerate,
  );
  const [editing, setEditing] = useState<Draft | null>(null);
  const color = resolveThemeColor(theme.colorPalette);

  return (
    <Stack gap="lg">
      <DraftsToolbar
        theme={theme}
        color={color}
        picker={picker}
        generating={generating}
        onGenerate={() => void run('screen')}
      />
      {generating && <GeneratingNotice />}
      {source === 'templates' && drafts.length > 0 && (
        <Alert color={localModels ? 'blue' : 'yellow'} variant="light" icon={<IconInfoCircle aria-hidden />}>
          {localModels ? text.localTemplatesNotice : text.templatesNotice}
        </Alert>
      )}
      {drafts.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.draftsCount(drafts.length)}
        </Text>
      )}
      {drafts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {drafts.map((draft, index) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              index={index}
              themeId={theme.id}
              color={color}
              onEdit={() => setEditing(draft)}
              onRemove={() => remove(draft.id)}
              onScheduled={() => remove(draft.id)}
            />
          ))}
        </SimpleGrid>
      ) : generating ? (
        <DraftSkeletons />
      ) : (
        <StateMessage icon={IconSparkles} title={text.draftsEmpty} description={text.draftsEmptyDescription}>
          <Button onClick={() => void run('screen')} leftSection={<IconSparkles size={18} aria-hidden />}>
            {text.generate}
          </Button>
        </StateMessage>
      )}
      {generating && drafts.length > 0 && <DraftSkeletons count={2} />}
      <EditDraftModal
        draft={editing}
        networks={theme.socialNetworks}
        onClose={() => setEditing(null)}
        onSave={(updated) => {
          replace(updated);
          setEditing(null);
        }}
      />
    </Stack>
  );
}

interface DraftsToolbarProps {
  theme: ThemeListItem;
  color: string;
  picker: ReactNode;
  generating: boolean;
  onGenerate: () => void;
}

/** The theme picker, the theme's networks and 'Gerar 5 Posts'. */
function DraftsToolbar({ theme, color, picker, generating, onGenerate }: DraftsToolbarProps) {
  return (
    <Paper withBorder p="md" className={classes.toolbar} style={{ '--theme-color': color } as CSSProperties}>
      <Group justify="space-between" align="flex-end" gap="md">
        <div className={classes.themePicker}>{picker}</div>
        <Group gap={6} aria-label={messages.themes.networksLabel} role="list">
          {theme.socialNetworks.map((platform) => (
            <PlatformBadge key={platform} platform={platform} role="listitem" />
          ))}
        </Group>
        <Button
          onClick={onGenerate}
          disabled={generating}
          leftSection={
            generating ? (
              <Loader size={16} color="currentColor" aria-hidden />
            ) : (
              <IconSparkles size={18} aria-hidden />
            )
          }
        >
          {generating ? text.generating : text.generate}
        </Button>
      </Group>
    </Paper>
  );
}

function GeneratingNotice() {
  return (
    <Paper withBorder p="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <div>
          <Text fw={600}>{text.generatingDrafts(SUGGESTIONS_FROM_CARD)}</Text>
          <Text size="sm" c="dimmed">
            {text.generatingDraftsHint}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function ThemePicker({
  themes,
  value,
  loading,
}: {
  themes: ThemeListItem[];
  value: string | null;
  loading: boolean;
}) {
  return (
    <Select
      label={text.filterTheme}
      placeholder={text.pickTheme}
      data={themes.map((theme) => ({ value: theme.id, label: theme.name }))}
      value={value}
      onChange={(id) => {
        if (id && id !== value) navigate(viewPath('suggested-posts', { theme: id }));
      }}
      allowDeselect={false}
      searchable={themes.length > 6}
      disabled={loading}
      miw={240}
      ta="left"
      nothingFoundMessage={text.noThemes}
    />
  );
}

function DraftSkeletons({ count = SUGGESTIONS_FROM_CARD }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Card key={index}>
          <Stack gap="sm">
            <Skeleton height={12} width="25%" />
            <Skeleton height={20} width="70%" />
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
            <Skeleton height={22} width="30%" />
            <Skeleton height={32} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
