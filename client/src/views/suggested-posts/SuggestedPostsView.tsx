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
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../app/Link';
import { navigate } from '../../app/navigation';
import { useViewParam, viewPath } from '../../app/view-paths';
import { PlatformBadge } from '../../components/PlatformIcon';
import { StateMessage } from '../../components/StateMessage';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf } from '../../lib/errors';
import type { Draft, DraftMode, DraftSource, ThemeListItem } from '../../lib/themes';
import { showError, showInfo, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { DraftCard } from './DraftCard';
import { EditDraftModal } from './EditDraftModal';
import classes from './SuggestedPostsView.module.css';

const text = messages.posts;

/** The toast text of a failed generation (spec §7/§8 texts). */
function generationErrorText(error: unknown): string {
  switch (errorCodeOf(error)) {
    case 'AI_MALFORMED':
      return text.invalidAiResponse;
    case 'RATE_LIMITED':
      return text.aiRateLimited;
    case 'NOT_FOUND':
      return messages.themes.themeNotFound;
    default:
      return text.aiError;
  }
}

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
          <Button component={Link} href={viewPath('create')} leftSection={<IconPlus size={18} aria-hidden />}>
            {messages.themes.createFirst}
          </Button>
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
  const trpc = useTRPC();
  const generate = useMutation(trpc.themes.generateDrafts.mutationOptions());
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [source, setSource] = useState<DraftSource | null>(null);
  const [localModels, setLocalModels] = useState(false);
  const [editing, setEditing] = useState<Draft | null>(null);
  const started = useRef(false);
  const color = resolveThemeColor(theme.colorPalette);

  // One generation at a time: a double-click on Gerar 5 Posts generates five, not ten.
  const [run, generating] = useSingleFlight(async (mode: DraftMode) => {
    try {
      const result = await generate.mutateAsync({ themeId: theme.id, mode });
      setDrafts((current) => [...current, ...result.drafts]);
      setSource(result.source);
      setLocalModels(result.fallbackReason === 'no_key');
      if (result.source === 'ai')
        showSuccess(messages.common.success, text.postsGenerated(result.drafts.length));
      else if (result.fallbackReason === 'no_key')
        showInfo(messages.common.info, text.draftsFromLocalTemplates(result.drafts.length));
      else showWarning(messages.common.warning, text.draftsFromTemplates(result.drafts.length));
    } catch (error) {
      showError(messages.common.error, generationErrorText(error));
    }
  });

  // The card button's generation runs once on arrival; the URL then forgets `from=card` so a
  // reload or Back does not spend another AI request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per theme on arrival
  useEffect(() => {
    if (!autoGenerate || started.current) return;
    started.current = true;
    navigate(viewPath('suggested-posts', { theme: theme.id }), { replace: true });
    void run('card');
  }, []);

  const remove = (id: string) => setDrafts((current) => current.filter((draft) => draft.id !== id));

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        p="md"
        className={classes.toolbar}
        style={{ '--theme-color': color } as CSSProperties}
      >
        <Group justify="space-between" align="flex-end" gap="md">
          <div className={classes.themePicker}>{picker}</div>
          <Group gap={6} aria-label={messages.themes.networksLabel} role="list">
            {theme.socialNetworks.map((platform) => (
              <PlatformBadge key={platform} platform={platform} role="listitem" />
            ))}
          </Group>
          <Button
            onClick={() => void run('screen')}
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

      {generating && (
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
      )}

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
          setDrafts((current) => current.map((draft) => (draft.id === updated.id ? updated : draft)));
          setEditing(null);
        }}
      />
    </Stack>
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
