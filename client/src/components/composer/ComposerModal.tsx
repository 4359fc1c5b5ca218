// "Novo post" (issue 30 item 1; docs/composer.md): write a post once for several networks. A
// full-screen dialog on a phone, a wide one elsewhere: the theme, the networks (the workspace's
// connected accounts), the title and base text, a tab per network, the date-time in the person's
// zone, and the actions. Closing without saving keeps nothing (the composer stores nothing before
// its one save).
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { INPUT_LIMITS, messages, PLATFORM_LABELS } from '@pauta/core';
import { IconAlertCircle, IconLink, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { counterProps } from '../CharacterCount';
import { PlatformIcon } from '../PlatformIcon';
import { ScheduleInputs } from '../posts/edit/ScheduleFields';
import { usePreflightReport } from '../preflight/PreflightPanel';
import { InsertSnippetMenu } from '../snippets/InsertSnippetMenu';
import { ComposerMediaField } from './ComposerMediaField';
import { NetworkTab } from './NetworkTab';
import { type ComposerState, type NetworkDraft, useComposer } from './useComposer';
import type { ComposerUploader, ComposerVideoUploader } from './useComposerMedia';

const text = messages.composer;

export function ComposerModal({
  opened,
  timeZone,
  onClose,
  uploader,
  videoUploader,
}: {
  opened: boolean;
  timeZone: string;
  onClose: () => void;
  /** Sends an image (tests pass their own); the browser's XMLHttpRequest otherwise. */
  uploader?: ComposerUploader | undefined;
  /** Tests pass their own video upload (tus in the app). */
  videoUploader?: ComposerVideoUploader | undefined;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.title}
      size="min(72rem, 100%)"
      fullScreen={phone === true}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {/* Remounted on every opening: a cancelled composer starts empty next time. */}
      {opened && (
        <ComposerForm
          timeZone={timeZone}
          onClose={onClose}
          uploader={uploader}
          videoUploader={videoUploader}
        />
      )}
    </Modal>
  );
}

function ComposerForm({
  timeZone,
  onClose,
  uploader,
  videoUploader,
}: {
  timeZone: string;
  onClose: () => void;
  uploader?: ComposerUploader | undefined;
  /** Tests pass their own video upload (tus in the app). */
  videoUploader?: ComposerVideoUploader | undefined;
}) {
  const state = useComposer(timeZone, onClose, uploader, videoUploader);
  const { fields, errors } = state;
  const baseRef = useRef<HTMLTextAreaElement>(null);
  const noThemes = state.themes !== null && state.themes.length === 0;
  const noAccounts = !state.accountsLoading && state.connected.length === 0;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        state.submit(state.requiresApproval ? 'review' : 'schedule');
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.subtitle}
        </Text>
        {noThemes && <Alert color="yellow">{text.noThemes}</Alert>}
        {noAccounts && <Alert color="yellow">{text.noAccounts}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={text.theme}
            placeholder={state.themesLoading ? text.themesLoading : text.themePlaceholder}
            data={(state.themes ?? []).map((theme) => ({ value: theme.id, label: theme.name }))}
            value={fields.themeId}
            onChange={state.set.theme}
            required
            error={errors.theme}
            // Opened before the list arrives, it would stay shut once it did: it waits for it.
            disabled={state.saving || state.themesLoading}
            comboboxProps={{ withinPortal: true }}
            allowDeselect={false}
          />
          <TextInput
            label={text.postTitle}
            value={fields.title}
            onChange={(event) => state.set.title(event.currentTarget.value)}
            required
            error={errors.title}
            disabled={state.saving}
            {...counterProps(fields.title, INPUT_LIMITS.postTitle)}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={text.networks}
          description={text.networksHint}
          value={fields.selected}
          onChange={state.set.networks}
          error={errors.networks}
          required
        >
          {/* One choice per network, or per account where the workspace has several of a network. */}
          <Group gap="md" mt={6} wrap="wrap">
            {state.targets.map((target) => (
              <Checkbox
                key={target.key}
                value={target.key}
                disabled={state.saving}
                label={
                  <Group gap={6} wrap="nowrap">
                    <PlatformIcon platform={target.platform} size={16} />
                    <span style={{ overflowWrap: 'anywhere' }}>{target.label}</span>
                  </Group>
                }
              />
            ))}
          </Group>
        </Checkbox.Group>
        {state.requiresApproval && (
          <Text size="xs" c="dimmed">
            {text.approvalHint}
          </Text>
        )}
        <div>
          <Textarea
            ref={baseRef}
            label={text.baseText}
            value={fields.base}
            onChange={(event) => state.set.base(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={12}
            disabled={state.saving}
            description={text.baseHint}
          />
          {/* Saved hashtags and signatures (docs/snippets.md), at the cursor: every inheriting tab follows. */}
          <Group mt={4}>
            <InsertSnippetMenu
              target={baseRef}
              value={fields.base}
              onChange={state.set.base}
              disabled={state.saving || !state.canWrite}
            />
          </Group>
        </div>
        <ComposerMediaField
          label={text.baseMedia}
          description={text.baseMediaHint}
          images={state.media.base}
          uploading={state.media.uploading.base ?? 0}
          video={state.media.videos.base}
          error={state.media.errors.base}
          disabled={state.saving || !state.canWrite}
          onAdd={(files) => state.media.add('base', files)}
          onRemove={(id) => state.media.remove('base', id)}
          onAlt={(id, alt) => state.media.alt('base', id, alt)}
        />
        <NetworkTabs state={state} />
        <Text size="xs" c="dimmed">
          {text.mediaHint}
        </Text>
        <ScheduleRow state={state} timeZone={timeZone} />
        {/* Every chosen network's pre-flight, open tab or not (the open tab's panel shares the request). */}
        {state.drafts.map((draft) => (
          <PreflightWatch key={draft.key} draft={draft} onReport={state.reportPreflight} />
        ))}
        {state.preflightBlocked && !state.requiresApproval && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            data-testid="composer-preflight-blocked"
          >
            {state.preflightBlocked}
          </Alert>
        )}
        {state.budgetConfirm}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={state.saving}>
            {messages.common.cancel}
          </Button>
          {state.requiresApproval ? (
            <>
              <Button
                variant="light"
                onClick={() => state.submit('draft')}
                loading={state.saving}
                disabled={state.saving || !state.canWrite || state.media.busy}
              >
                {text.saveDraft}
              </Button>
              <Button
                type="submit"
                loading={state.saving}
                disabled={state.saving || !state.canWrite || state.media.busy}
              >
                {text.sendForApproval}
              </Button>
            </>
          ) : (
            <>
              {/* Stored as "Rascunho" (status draft): never published until "Agendar" in Editar Post. */}
              <Button
                variant="subtle"
                title={text.draftHint}
                onClick={() => state.submit('draft')}
                loading={state.saving}
                disabled={state.saving || !state.canWrite || state.media.busy}
              >
                {text.saveDraft}
              </Button>
              {/* Each network's post takes its account's next free slot (docs/posting-queue.md). */}
              <Button
                variant="light"
                title={text.addToQueueHint}
                onClick={() => state.submit('queue')}
                loading={state.saving}
                disabled={
                  state.saving || !state.canWrite || state.media.busy || state.preflightBlocked !== null
                }
              >
                {text.addToQueue}
              </Button>
              <Button
                type="submit"
                loading={state.saving}
                disabled={
                  state.saving || !state.canWrite || state.media.busy || state.preflightBlocked !== null
                }
              >
                {state.saving ? text.saving : text.schedule}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function NetworkTabs({ state }: { state: ComposerState }) {
  if (state.drafts.length === 0) return null;
  return (
    <Tabs
      value={state.active}
      onChange={(value) => {
        if (value && state.fields.selected.includes(value)) state.setActive(value);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={text.tabs}>
        {state.drafts.map((draft) => (
          <Tabs.Tab
            key={draft.key}
            value={draft.key}
            leftSection={<PlatformIcon platform={draft.platform} size={16} />}
            rightSection={
              draft.issue || draft.blocking ? (
                <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
              ) : draft.inherits ? (
                <IconLink size={14} aria-hidden />
              ) : (
                <IconPencil size={14} aria-hidden />
              )
            }
          >
            {/* An account's tab shows its @handle beside the network's icon (short enough for a
                phone); the network's name is still in its accessible name. */}
            {draft.handle ? (
              <>
                <VisuallyHidden>{`${PLATFORM_LABELS[draft.platform]} · `}</VisuallyHidden>
                {draft.handle}
              </>
            ) : (
              draft.label
            )}
            <VisuallyHidden>
              {` (${draft.inherits ? text.inherits : text.ownText}${draft.issue || draft.blocking ? `; ${messages.common.error}` : ''})`}
            </VisuallyHidden>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {state.drafts.map((draft) => (
        <Tabs.Panel key={draft.key} value={draft.key} pt="md">
          <NetworkTab draft={draft} state={state} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Asks one network's pre-flight with its tab's input and reports the answer to the composer; draws nothing. */
function PreflightWatch({
  draft,
  onReport,
}: {
  draft: NetworkDraft;
  onReport: ComposerState['reportPreflight'];
}) {
  const { report } = usePreflightReport(draft.preflight);
  const { key } = draft;
  useEffect(() => {
    onReport(key, report.data);
  }, [onReport, key, report.data]);
  return null;
}

function ScheduleRow({ state, timeZone }: { state: ComposerState; timeZone: string }) {
  return (
    <Stack gap={4}>
      <ScheduleInputs state={state} disabled={state.saving} />
      <Text size="xs" c="dimmed">
        {messages.posts.dateTimeIn(timeZone)}
      </Text>
    </Stack>
  );
}
