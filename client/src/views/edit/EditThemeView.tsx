import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { AvoidTopic, Frequency, Platform, Tone } from '@pauta/core';
import { isAvoidTopic, isTone, messages } from '@pauta/core';
import type { ThemeValues } from '@pauta/core/schemas/theme';
import { IconAlertTriangle, IconPalette } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../app/Link';
import { goToView, useViewParam, viewPath } from '../../app/view-paths';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { StateMessage } from '../../components/StateMessage';
import {
  CommemorativeDatesSection,
  upcomingKeys,
} from '../../components/theme-form/CommemorativeDatesSection';
import type { ThemeFormValues } from '../../components/theme-form/ThemeForm';
import { ThemeForm } from '../../components/theme-form/ThemeForm';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import type { ThemeDetail } from '../../lib/themes';
import { useRefreshAfterThemeChange } from '../../lib/themes';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.themes;

function toFormValues(theme: ThemeDetail): ThemeFormValues {
  return {
    name: theme.name,
    description: theme.description,
    toneOfVoice: theme.toneOfVoice.filter((tone): tone is Tone => isTone(tone)),
    avoidTopics: theme.avoidTopics.filter((topic): topic is AvoidTopic => isAvoidTopic(topic)),
    socialNetworks: [...theme.socialNetworks] as Platform[],
    frequency: theme.frequency as Frequency,
    colorPalette: theme.colorPalette,
    requiresApproval: theme.requiresApproval,
    useBestTime: theme.useBestTime,
    useQueue: theme.useQueue,
  };
}

/** Editar Tema (spec §2.3): the theme of `/edit?theme=<id>` in the same form, plus Cancelar. */
export function EditThemeView() {
  const themeId = useViewParam('theme');
  if (!themeId)
    return (
      <StateMessage icon={IconPalette} title={messages.posts.noThemeSelected}>
        <Button component={Link} href={viewPath('themes')} variant="light">
          {text.backToThemes}
        </Button>
      </StateMessage>
    );
  return <EditTheme key={themeId} themeId={themeId} />;
}

function EditTheme({ themeId }: { themeId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterThemeChange();
  const theme = useQuery(trpc.themes.get.queryOptions({ id: themeId }));
  const update = useMutation(trpc.themes.update.mutationOptions());
  // The picked date keys; null until touched (the stored ones). Past ones are not offered, so the
  // section's `picked` is what gets saved (docs/commemorative-dates.md).
  const [dates, setDates] = useState<string[] | null>(null);
  const stored = theme.data?.commemorativeDates ?? [];
  const current = dates ?? stored;
  const timeZone = useUserTimeZone();
  // A double-click on Salvar Alterações saves once, with one toast.
  const [handleSubmit, saving] = useSingleFlight(async (values: ThemeValues) => {
    try {
      await update.mutateAsync({
        id: themeId,
        ...values,
        commemorativeDates: upcomingKeys(current, timeZone),
      });
      showSuccess(messages.common.success, text.updated);
      goToView('dashboard');
      void refresh();
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? text.updateError);
    }
  });

  if (theme.isPending) return <FormSkeleton />;
  if (theme.isError) {
    const notFound =
      errorCodeOf(theme.error) === 'NOT_FOUND' || errorCodeOf(theme.error) === 'VALIDATION_FAILED';
    return (
      <StateMessage
        icon={IconAlertTriangle}
        color={notFound ? 'gray' : 'red'}
        title={notFound ? text.themeNotFound : text.loadThemeError}
        role="alert"
      >
        {notFound ? (
          <Button component={Link} href={viewPath('themes')} variant="light">
            {text.backToThemes}
          </Button>
        ) : (
          <Button onClick={() => void theme.refetch()} variant="light">
            {messages.common.tryAgain}
          </Button>
        )}
      </StateMessage>
    );
  }

  return (
    <ThemeForm
      initialValues={toFormValues(theme.data)}
      submitLabel={text.updateSubmit}
      pendingLabel={text.saving}
      pending={saving}
      onSubmit={handleSubmit}
      extraSections={<CommemorativeDatesSection value={current} onChange={setDates} stored={stored} />}
      secondaryActions={
        <Button component={Link} href={viewPath('dashboard')} variant="default" size="md">
          {text.cancel}
        </Button>
      }
    />
  );
}

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={messages.common.loading}>
      {[180, 160, 200, 140].map((height) => (
        <Paper key={height} withBorder p="xl">
          <Skeleton height={20} width="40%" mb="md" />
          <Skeleton height={height - 60} />
        </Paper>
      ))}
    </Stack>
  );
}
