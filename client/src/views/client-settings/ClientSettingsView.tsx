// "Dados do cliente" (docs/workspaces.md, branding and deletion): the current cliente's name,
// colour (a palette or a custom #RRGGBB, checked as it is typed) and logo (PNG, JPEG or WebP,
// uploaded raw like a post's image), and "Excluir cliente" with its figures and the typed name.
// The owner's only (`workspace.settings`, `workspace.delete`); others see why not.
import {
  Alert,
  Button,
  Card,
  ColorSwatch,
  FileButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  can,
  mediaRejectionMessage,
  messages,
  WORKSPACE_LOGO_MAX_BYTES,
  WORKSPACE_LOGO_PATH,
  WORKSPACE_PALETTE,
  workspaceAdminMessages,
  workspaceColorIssue,
  workspaceNameIssue,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconCheck, IconLock, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { navigate } from '../../app/navigation';
import { viewPath } from '../../app/view-paths';
import { useWorkspace } from '../../app/WorkspaceScope';
import { withWorkspaceParam, workspaceHeaders } from '../../app/workspace';
import { SectionTitle } from '../../components/common/SectionTitle';
import { newUploadId } from '../../components/media/upload';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { ClienteMark } from '../../components/workspace/ClienteMark';
import { useSingleFlight } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ReportScheduleSection } from '../reports/ReportScheduleSection';

const text = workspaceAdminMessages.settings;

interface Branding {
  id: string;
  name: string;
  color: string | null;
  logoUrl: string | null;
  personal: boolean;
}

/** What the cliente holds (db countWorkspaceContents), shown before "Excluir cliente". */
type Contents = inferRouterOutputs<AppRouter>['workspaceSettings']['get']['contents'];

/** The person's own queries that show a cliente's name, colour or logo, refreshed after a change. */
function useRefreshBranding() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.workspaces.list.queryFilter()),
      queryClient.invalidateQueries(trpc.overview.clientes.queryFilter()),
      queryClient.invalidateQueries(trpc.overview.logos.queryFilter()),
      queryClient.invalidateQueries(trpc.workspaceSettings.get.queryFilter()),
    ]);
}

export function ClientSettingsView() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const current = workspace?.workspaces.find((w) => w.id === workspace.id);
  const allowed = current ? can(current.role, 'workspace.settings') : true;
  const settings = useQuery(trpc.workspaceSettings.get.queryOptions(undefined, { enabled: allowed }));
  if (!allowed)
    return <StateMessage icon={IconLock} title={text.ownerOnlyTitle} description={text.ownerOnly} />;
  return (
    <QueryState query={settings} errorTitle={text.loadError}>
      {(data) => (
        <Stack gap="lg" maw={720}>
          <IdentityCard key={`${data.workspace.name}-${data.workspace.color}`} workspace={data.workspace} />
          <LogoCard workspace={data.workspace} />
          {/* The scheduled report email; it moves to Relatórios once that view is in. */}
          <ReportScheduleSection />
          <DeleteCard workspace={data.workspace} contents={data.contents} />
        </Stack>
      )}
    </QueryState>
  );
}

/** Name and colour: checked before sending, saved together. */
function IdentityCard({ workspace }: { workspace: Branding }) {
  const trpc = useTRPC();
  const refresh = useRefreshBranding();
  const update = useMutation(trpc.workspaceSettings.update.mutationOptions());
  const [name, setName] = useState(workspace.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [color, setColor] = useState<string | null>(workspace.color);
  const [custom, setCustom] = useState(
    workspace.color && !(WORKSPACE_PALETTE as readonly string[]).includes(workspace.color)
      ? workspace.color
      : '',
  );
  const [customError, setCustomError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const typeCustom = (value: string) => {
    setCustom(value);
    setFormError(null);
    if (value.trim() === '') {
      setCustomError(null);
      return;
    }
    const issue = workspaceColorIssue(value);
    setCustomError(issue);
    if (!issue) setColor(value.trim().toUpperCase());
  };

  const [save, saving] = useSingleFlight(async () => {
    const nameIssue = workspaceNameIssue(name);
    const colorIssue = custom.trim() !== '' ? workspaceColorIssue(custom) : null;
    setNameError(nameIssue);
    setCustomError(colorIssue);
    if (nameIssue || colorIssue) return;
    try {
      await update.mutateAsync({ name: name.trim(), color });
      await refresh();
      showSuccess(text.savedTitle, text.saved);
    } catch (failure) {
      setFormError(describeError(failure, text.saveError).message);
    }
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cliente-identity">
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="cliente-identity">
            {text.identityTitle}
          </Title>
          <TextInput
            label={text.nameLabel}
            description={workspace.personal ? text.nameHintPersonal : undefined}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
              setFormError(null);
            }}
            error={nameError}
            maxLength={120}
            required
            disabled={saving}
          />
          <Stack gap={6}>
            <Text size="sm" fw={700} id="cliente-color-label">
              {text.colorLabel}
            </Text>
            <Text size="xs" c="dimmed">
              {text.colorHint}
            </Text>
            <Group gap={8} role="group" aria-labelledby="cliente-color-label">
              {WORKSPACE_PALETTE.map((swatch) => (
                <ColorSwatch
                  key={swatch}
                  component="button"
                  type="button"
                  color={swatch}
                  size={32}
                  aria-label={text.paletteLabel(swatch)}
                  aria-pressed={color === swatch}
                  disabled={saving}
                  onClick={() => {
                    setColor(swatch);
                    setCustom('');
                    setCustomError(null);
                  }}
                  style={{ cursor: 'pointer', color: 'white' }}
                >
                  {color === swatch && <IconCheck size={16} aria-hidden />}
                </ColorSwatch>
              ))}
              <UnstyledButton
                type="button"
                onClick={() => {
                  setColor(null);
                  setCustom('');
                  setCustomError(null);
                }}
                aria-pressed={color === null}
                disabled={saving}
                px="sm"
                py={4}
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  fontWeight: color === null ? 700 : 400,
                  fontSize: 'var(--mantine-font-size-sm)',
                }}
              >
                {text.noColor}
              </UnstyledButton>
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextInput
                label={text.customColor}
                description={text.customColorHint}
                placeholder="#1C7ED6"
                value={custom}
                onChange={(event) => typeCustom(event.currentTarget.value)}
                error={customError}
                maxLength={20}
                disabled={saving}
                style={{ flex: 1, maxWidth: 320 }}
                leftSection={<ColorSwatch color={color ?? 'transparent'} size={18} aria-hidden />}
              />
            </Group>
          </Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={saving} disabled={saving}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The upload of a logo: the raw file, its own uuid as Idempotency-Key, the cliente's header. */
async function sendLogo(file: File): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch(WORKSPACE_LOGO_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'image/unknown',
        'Idempotency-Key': newUploadId(),
        ...workspaceHeaders(),
      },
      body: file,
      credentials: 'same-origin',
    });
    if (res.ok) return { ok: true };
    const body = (await res.json().catch(() => null)) as {
      message?: string;
      details?: Parameters<typeof mediaRejectionMessage>[0];
    } | null;
    if (body?.details?.reason) return { ok: false, message: mediaRejectionMessage(body.details) };
    return { ok: false, message: body?.message ?? messages.common.unexpectedError };
  } catch {
    return { ok: false, message: messages.errors.network };
  }
}

/** A refusal the browser can tell before sending (the server checks the bytes again). */
export function logoPrecheck(file: File): string | null {
  if (file.size > WORKSPACE_LOGO_MAX_BYTES)
    return mediaRejectionMessage({ reason: 'UPLOAD_TOO_LARGE', limitBytes: WORKSPACE_LOGO_MAX_BYTES });
  if (file.type && !/^image\/(jpeg|png|webp)$/.test(file.type))
    return mediaRejectionMessage({ reason: 'LOGO_FORMAT' });
  return null;
}

function LogoCard({ workspace }: { workspace: Branding }) {
  const trpc = useTRPC();
  const refresh = useRefreshBranding();
  const remove = useMutation(trpc.workspaceSettings.removeLogo.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  const [upload, uploading] = useSingleFlight(async (file: File | null) => {
    if (!file) return;
    setError(null);
    const issue = logoPrecheck(file);
    if (issue) {
      setError(issue);
      return;
    }
    const result = await sendLogo(file);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    await refresh();
    showSuccess(text.savedTitle, text.logoSaved);
  });

  const [removeLogo, removing] = useSingleFlight(async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      await refresh();
      showSuccess(text.savedTitle, text.logoRemoved);
    } catch (failure) {
      setError(describeError(failure, text.logoError).message);
    }
  });

  const busy = uploading || removing;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cliente-logo">
      <Stack gap="md">
        <Title order={2} size="h4" id="cliente-logo">
          {text.logoTitle}
        </Title>
        <Group gap="md" wrap="nowrap" align="center">
          {workspace.logoUrl ? (
            <img
              src={workspace.logoUrl}
              alt={text.logoAlt(workspace.name)}
              width={96}
              height={96}
              style={{
                objectFit: 'contain',
                background: 'white',
                borderRadius: 8,
                border: '1px solid var(--mantine-color-default-border)',
              }}
            />
          ) : (
            <ClienteMark name={workspace.name} color={workspace.color} logoUrl={null} size={96} initials />
          )}
          <Stack gap={6} style={{ minWidth: 0 }}>
            {!workspace.logoUrl && (
              <Text size="sm" c="dimmed">
                {text.noLogo}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {text.logoHint}
            </Text>
          </Stack>
        </Group>
        {error && (
          <Alert color="red" role="alert" title={text.logoError}>
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={uploading}
                disabled={busy}
                variant="light"
              >
                {workspace.logoUrl ? text.replaceLogo : text.uploadLogo}
              </Button>
            )}
          </FileButton>
          {workspace.logoUrl && (
            <Button variant="default" onClick={() => void removeLogo()} loading={removing} disabled={busy}>
              {text.removeLogo}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function DeleteCard({ workspace, contents }: { workspace: Branding; contents: Contents }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.workspaceSettings.delete.mutationOptions());
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === workspace.name.trim();
  const personalId = useWorkspace()?.workspaces.find((w) => w.personal)?.id ?? null;

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };

  const [confirm, deleting] = useSingleFlight(async () => {
    if (!matches) {
      setError(text.deleteTypeMismatch);
      return;
    }
    try {
      await remove.mutateAsync({ workspaceId: workspace.id, confirmName: typed.trim() });
    } catch (failure) {
      setError(describeError(failure, text.deleteError).message);
      return;
    }
    showSuccess(text.deletedTitle, text.deleted(workspace.name));
    await queryClient.invalidateQueries(trpc.workspaces.list.queryFilter());
    // The owner's page moves at once to their personal cliente (the others' on their next call).
    const target = viewPath('dashboard');
    navigate(personalId ? withWorkspaceParam(target, personalId) : target);
  });

  const c = text.deleteCounts;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cliente-delete">
      <Stack gap="sm">
        <SectionTitle
          id="cliente-delete"
          title={text.deleteTitle}
          hint={workspace.personal ? text.deletePersonal : text.deleteHint}
          size="h4"
        />
        {!workspace.personal && (
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setOpen(true)}
            >
              {text.deleteButton}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={open}
        onClose={() => {
          if (!deleting) close();
        }}
        title={text.deleteDialogTitle(workspace.name)}
        centered
      >
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{text.deleteWillRemove}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{c.themes(contents.themes)}</List.Item>
              <List.Item>{c.posts(contents.posts, contents.scheduled)}</List.Item>
              <List.Item>{c.published(contents.published)}</List.Item>
              <List.Item>{c.accounts(contents.accounts)}</List.Item>
              <List.Item>{c.links(contents.links)}</List.Item>
              <List.Item>{c.members(contents.members)}</List.Item>
            </List>
            <TextInput
              label={text.deleteTypeLabel(workspace.name)}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoComplete="off"
              data-autofocus
              disabled={deleting}
            />
            <Stack gap="xs">
              <Button type="submit" color="red" loading={deleting} disabled={deleting || !matches}>
                {text.deleteConfirm}
              </Button>
              <Button variant="default" onClick={close} disabled={deleting}>
                {text.deleteCancel}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
