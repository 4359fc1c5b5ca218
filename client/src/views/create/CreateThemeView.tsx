import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { messages, SUGGESTIONS_ON_THEME_CREATION } from '@pauta/core';
import type { ThemeValues } from '@pauta/core/schemas/theme';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionQuery } from '../../app/session';
import { goToView } from '../../app/view-paths';
import { announceBudgetOverruns } from '../../components/budget/notice';
import { CommemorativeDatesSection } from '../../components/theme-form/CommemorativeDatesSection';
import { ThemeForm } from '../../components/theme-form/ThemeForm';
import classes from '../../components/theme-form/ThemeForm.module.css';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, errorDetails, requestStateText } from '../../lib/errors';
import type { CreationOutcome } from '../../lib/themes';
import { useRefreshAfterThemeChange } from '../../lib/themes';
import { showError, showInfo, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.themes;

/** The toast of each creation outcome (spec §4, §8): the theme is saved in every case. */
function announceOutcome(outcome: CreationOutcome) {
  switch (outcome.kind) {
    case 'ai':
      showSuccess(text.createdTitle, text.createdWithPosts(outcome.postsCreated));
      return;
    case 'templates':
      // Without an AI key the local models are the configured path: information, not a failure.
      if (outcome.reason === 'no_key')
        showInfo(text.createdTitle, text.createdWithLocalTemplates(outcome.postsCreated));
      else showWarning(text.createdTitle, text.createdWithTemplates(outcome.postsCreated));
      return;
    case 'partial':
      showWarning(
        text.createdTitle,
        text.createdWithSomeTemplates(outcome.postsCreated, outcome.fromTemplates),
      );
      return;
    case 'suggestions_failed':
      showWarning(text.warningTitle, text.suggestionsFailed);
      return;
    case 'no_posts':
      showWarning(text.warningTitle, text.noPostsGenerated);
      return;
  }
}

function limitOf(error: unknown): number | null {
  return errorDetails(error, 'THEME_LIMIT_REACHED')?.max ?? null;
}

/** Criar Novo Tema (spec §2.3, §4, §5): the form, then 15 AI posts scheduled automatically. */
export function CreateThemeView() {
  const trpc = useTRPC();
  const session = useSessionQuery();
  const refresh = useRefreshAfterThemeChange();
  const create = useMutation(trpc.themes.create.mutationOptions());
  const [commemorativeDates, setCommemorativeDates] = useState<string[]>([]);
  // A second submit while the first is still drafting posts is ignored (never two themes; the
  // server's idempotency key makes a repeat that does get through a replay).
  const [handleSubmit, creating] = useSingleFlight(async (values: ThemeValues) => {
    // Spec §5: creating needs a signed-in user (the session may have ended in another tab).
    if (session.data && !session.data.user) {
      showError(messages.common.error, text.notLoggedIn);
      return;
    }
    try {
      const { outcome } = await create.mutateAsync(
        commemorativeDates.length > 0 ? { ...values, commemorativeDates } : values,
      );
      announceOutcome(outcome);
      if ('budgetOverruns' in outcome) announceBudgetOverruns(outcome.budgetOverruns);
      goToView('dashboard');
      void refresh();
    } catch (error) {
      if (errorCodeOf(error) === 'THEME_LIMIT_REACHED') {
        const max = limitOf(error);
        showError(
          messages.common.error,
          max === null ? messages.errors.codes.THEME_LIMIT_REACHED : text.limitReached(max),
        );
      } else showError(messages.common.error, requestStateText(error) ?? text.createError);
    }
  });

  return (
    <ThemeForm
      submitLabel={text.createSubmit}
      pendingLabel={text.creating}
      pending={creating}
      onSubmit={handleSubmit}
      pendingNotice={<CreationProgress />}
      extraSections={
        <CommemorativeDatesSection value={commemorativeDates} onChange={setCommemorativeDates} />
      }
    />
  );
}

/** What the 10–60 s wait is for, announced to screen readers once. */
function CreationProgress() {
  return (
    <Paper withBorder p="lg" className={classes.progress} role="status" aria-live="polite">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text fw={600}>{text.creatingProgress(SUGGESTIONS_ON_THEME_CREATION)}</Text>
        </Group>
        <Progress value={100} animated striped size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {text.creatingProgressHint}
        </Text>
      </Stack>
    </Paper>
  );
}
