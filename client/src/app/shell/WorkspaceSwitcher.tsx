// The workspace ("cliente") switcher (docs/workspaces.md): in the desktop header and the mobile
// menu. A person with only their personal workspace sees no switcher — only a discreet "Novo
// cliente" (an icon in the header, an entry in the menu), the one way to start a second cliente.
import { Button, Menu, Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { can, messages, WORKSPACE_ROLE_LABELS } from '@pauta/core';
import { IconBuildingStore, IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TooltipIconButton } from '../../components/TooltipIconButton';
import { ClienteMark } from '../../components/workspace/ClienteMark';
import { useSingleFlight } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { navigate } from '../navigation';
import { viewPath } from '../view-paths';
import { useWorkspace, type WorkspaceSummary } from '../WorkspaceScope';
import classes from './AppLayout.module.css';
import { CLIENTES_ITEMS } from './nav-items';

const text = messages.workspaces;

/** The person's role there (the personal workspace is named "Pessoal" already). */
function roleLabel(workspace: WorkspaceSummary): string {
  return WORKSPACE_ROLE_LABELS[workspace.role];
}

/**
 * The signed logo URLs of the person's clientes (overview.logos; the list carries name and colour).
 * Kept a minute: a logo's URL stays the same for an hour (docs/media.md).
 */
function useLogos(enabled: boolean): Record<string, string> {
  const trpc = useTRPC();
  const logos = useQuery(trpc.overview.logos.queryOptions(undefined, { enabled, staleTime: 60_000 }));
  return logos.data?.logos ?? {};
}

/** The header's switcher (several clientes) or its discreet "Novo cliente" (only the personal one). */
export function WorkspaceSwitcher() {
  const workspace = useWorkspace();
  const [creating, setCreating] = useState(false);
  const logos = useLogos((workspace?.workspaces.length ?? 0) > 1);
  if (!workspace || workspace.workspaces.length === 0) return null;
  const current = workspace.workspaces.find((w) => w.id === workspace.id);
  const modal = <NewWorkspaceModal opened={creating} onClose={() => setCreating(false)} />;

  if (workspace.workspaces.length === 1)
    return (
      <>
        <TooltipIconButton
          tooltip={text.newClient}
          withArrow
          icon={IconBuildingStore}
          iconSize={20}
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setCreating(true)}
          className={classes.desktopOnly}
        />
        {modal}
      </>
    );

  const name = current?.name ?? text.listTitle;
  const owner = current ? can(current.role, 'workspace.settings') : false;
  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={
              current ? (
                <ClienteMark
                  name={current.name}
                  color={current.color}
                  logoUrl={logos[current.id] ?? null}
                  size={22}
                />
              ) : (
                <IconBuildingStore size={18} aria-hidden />
              )
            }
            rightSection={<IconSelector size={14} aria-hidden />}
            aria-label={text.switcherLabel(name)}
            className={`${classes.desktopOnly} ${classes.workspaceButton}`}
            classNames={{ inner: classes.workspaceInner, label: classes.workspaceLabel }}
          >
            <span className={classes.workspaceName}>{name}</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{text.listTitle}</Menu.Label>
          {workspace.workspaces.map((w) => {
            const active = w.id === workspace.id;
            return (
              <Menu.Item
                key={w.id}
                onClick={() => {
                  if (!active) workspace.switchTo(w.id);
                }}
                aria-current={active ? 'true' : undefined}
                leftSection={
                  active ? <IconCheck size={16} aria-hidden /> : <span className={classes.checkSpace} />
                }
                rightSection={
                  <ClienteMark name={w.name} color={w.color} logoUrl={logos[w.id] ?? null} size={28} />
                }
              >
                <Text size="sm" fw={active ? 700 : 500} truncate>
                  {w.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {roleLabel(w)}
                </Text>
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item
            leftSection={<CLIENTES_ITEMS.overview.icon size={16} aria-hidden />}
            onClick={() => navigate(viewPath(CLIENTES_ITEMS.overview.view))}
          >
            {CLIENTES_ITEMS.overview.label}
          </Menu.Item>
          {owner && (
            <Menu.Item
              leftSection={<CLIENTES_ITEMS.settings.icon size={16} aria-hidden />}
              onClick={() => navigate(viewPath(CLIENTES_ITEMS.settings.view))}
            >
              {CLIENTES_ITEMS.settings.label}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {text.newClient}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {modal}
    </>
  );
}

/** The mobile menu's section: the clientes (when several) and "Novo cliente". */
export function WorkspaceMenuSection({ id, onClose }: { id: string; onClose: () => void }) {
  const workspace = useWorkspace();
  const [creating, setCreating] = useState(false);
  const several = (workspace?.workspaces.length ?? 0) > 1;
  const logos = useLogos(several);
  if (!workspace || workspace.workspaces.length === 0) return null;
  const current = workspace.workspaces.find((w) => w.id === workspace.id);
  const owner = current ? can(current.role, 'workspace.settings') : false;
  const go = (view: (typeof CLIENTES_ITEMS)[keyof typeof CLIENTES_ITEMS]['view']) => {
    onClose();
    navigate(viewPath(view));
  };
  return (
    <>
      {several && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4} id={`${id}-clientes`}>
            {text.listTitle}
          </Text>
          <Stack gap={2} role="group" aria-labelledby={`${id}-clientes`}>
            {workspace.workspaces.map((w) => {
              const active = w.id === workspace.id;
              return (
                <NavLink
                  key={w.id}
                  component="button"
                  type="button"
                  label={w.name}
                  description={roleLabel(w)}
                  leftSection={
                    <ClienteMark name={w.name} color={w.color} logoUrl={logos[w.id] ?? null} size={24} />
                  }
                  rightSection={active ? <IconCheck size={16} aria-hidden /> : undefined}
                  active={active}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    onClose();
                    if (!active) workspace.switchTo(w.id);
                  }}
                  fw={600}
                />
              );
            })}
            <NavLink
              component="button"
              type="button"
              label={CLIENTES_ITEMS.overview.label}
              leftSection={<CLIENTES_ITEMS.overview.icon size={20} stroke={1.7} aria-hidden />}
              onClick={() => go(CLIENTES_ITEMS.overview.view)}
              fw={600}
            />
          </Stack>
        </>
      )}
      {owner && several && (
        <NavLink
          component="button"
          type="button"
          label={CLIENTES_ITEMS.settings.label}
          leftSection={<CLIENTES_ITEMS.settings.icon size={20} stroke={1.7} aria-hidden />}
          onClick={() => go(CLIENTES_ITEMS.settings.view)}
          fw={600}
        />
      )}
      <NavLink
        component="button"
        type="button"
        label={text.newClient}
        leftSection={<IconPlus size={20} stroke={1.7} aria-hidden />}
        onClick={() => setCreating(true)}
        fw={several ? 600 : 500}
      />
      <NewWorkspaceModal opened={creating} onClose={() => setCreating(false)} onCreated={onClose} />
    </>
  );
}

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return text.nameRequired;
  if (trimmed.length > 80) return text.nameTooLong;
  return null;
}

/** "Novo cliente": the name, then `workspaces.create`; the new cliente opens at once. */
export function NewWorkspaceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const workspace = useWorkspace();
  const create = useMutation(trpc.workspaces.create.mutationOptions());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };

  const [submit, submitting] = useSingleFlight(async () => {
    const invalid = nameError(name);
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      const { workspace: created } = await create.mutateAsync({ name: name.trim() });
      await queryClient.invalidateQueries(trpc.workspaces.list.queryFilter());
      showSuccess(text.createdTitle, text.created(created.name));
      close();
      onCreated?.();
      workspace?.switchTo(created.id);
    } catch (failure) {
      setError(describeError(failure, text.createErrorTitle).message);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) close();
      }}
      title={text.createTitle}
      centered
    >
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {text.createHint}
          </Text>
          <TextInput
            label={text.nameLabel}
            placeholder={text.namePlaceholder}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={120}
            required
            data-autofocus
            disabled={submitting}
          />
          <Stack gap="xs" align="stretch">
            <Button type="submit" loading={submitting} disabled={submitting}>
              {text.create}
            </Button>
            <Button variant="default" onClick={close} disabled={submitting}>
              {text.cancel}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}
