// "Equipe" (docs/workspaces.md, "Members"): the members of the cliente on screen and, for its
// owner, the open invitations. What a person may do comes from core's permission table
// (`members.read` to see the list, `members.manage` to change it); the server checks the same.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  can,
  DEFAULT_TIME_ZONE,
  formatDate,
  membersRefusalText,
  messages,
  membersMessages as text,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@pauta/core';
import { IconDots, IconLock, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../app/session';
import { useWorkspace } from '../../app/WorkspaceScope';
import { ModalActions } from '../../components/common/ModalActions';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useSingleFlight } from '../../lib/actions';
import { describeError, errorCodeOf, errorDetails } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { InvitationsSection } from './InvitationsSection';
import { InviteModal } from './InviteModal';

interface Member {
  userId: string;
  name: string | null;
  email: string;
  role: WorkspaceRole;
  since: Date;
}

/** The pt-BR text of a refused member action: the rule's own, else the code's. */
export function refusalText(error: unknown): string {
  const code = errorCodeOf(error);
  const reason =
    code === 'CONFLICT'
      ? errorDetails(error, 'CONFLICT')?.reason
      : code === 'VALIDATION_FAILED'
        ? errorDetails(error, 'VALIDATION_FAILED')?.reason
        : undefined;
  return membersRefusalText(reason) ?? describeError(error).message;
}

type Pending =
  | { kind: 'remove'; member: Member }
  | { kind: 'transfer'; member: Member }
  | { kind: 'leave' }
  | null;

export function MembersView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const workspace = useWorkspace();
  const me = useSessionUser();
  const timeZone = me?.timezone ?? DEFAULT_TIME_ZONE;
  const role = workspace?.role ?? null;
  const current = workspace?.workspaces.find((w) => w.id === workspace.id);
  const mayRead = can(role, 'members.read');
  const manages = can(role, 'members.manage');
  const members = useQuery({ ...trpc.workspaces.members.queryOptions(), enabled: mayRead });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.workspaces.members.queryFilter()),
      queryClient.invalidateQueries(trpc.workspaces.list.queryFilter()),
    ]);

  const changeRole = useMutation(trpc.workspaces.changeRole.mutationOptions());
  const removeMember = useMutation(trpc.workspaces.removeMember.mutationOptions());
  const transfer = useMutation(trpc.workspaces.transferOwnership.mutationOptions());
  const leave = useMutation(trpc.workspaces.leave.mutationOptions());

  const [setRoleOf, changingRole] = useSingleFlight(async (member: Member, next: WorkspaceRole) => {
    if (next === member.role) return;
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: next });
      showSuccess(messages.common.success, text.roleChanged(member.name ?? member.email, next));
    } catch (error) {
      showError(text.roleChangeError, refusalText(error));
    }
    await refresh();
  });

  const [confirm, confirming] = useSingleFlight(async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'remove') {
        await removeMember.mutateAsync({ userId: pending.member.userId });
        showSuccess(messages.common.success, text.removed(pending.member.name ?? pending.member.email));
      } else if (pending.kind === 'transfer') {
        await transfer.mutateAsync({ userId: pending.member.userId });
        showSuccess(messages.common.success, text.transferred(pending.member.name ?? pending.member.email));
      } else {
        await leave.mutateAsync({});
        showSuccess(messages.common.success, text.left(current?.name ?? ''));
      }
      setPending(null);
    } catch (error) {
      const title =
        pending.kind === 'remove'
          ? text.removeError
          : pending.kind === 'transfer'
            ? text.transferError
            : text.leaveError;
      showError(title, refusalText(error));
    }
    await refresh();
  });

  // The confirmation of a removal, a transfer or leaving, under either form of the screen.
  const confirmModal = (
    <ConfirmModal
      pending={pending}
      workspaceName={current?.name ?? ''}
      busy={confirming}
      onCancel={() => setPending(null)}
      onConfirm={() => void confirm()}
    />
  );

  if (!mayRead)
    return (
      <Stack gap="md">
        <StateMessage icon={IconLock} title={text.membersTitle}>
          {text.readOnlyHint}
        </StateMessage>
        <LeaveButton personal={current?.personal ?? true} onLeave={() => setPending({ kind: 'leave' })} />
        {confirmModal}
      </Stack>
    );

  return (
    <Stack gap="lg">
      {current?.personal && (
        <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />}>
          {text.personalHint}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
          <Title order={2} size="h3">
            {text.membersTitle}
          </Title>
          {manages && !current?.personal && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
              {text.invite}
            </Button>
          )}
        </Group>
        {!manages && (
          <Text size="sm" c="dimmed" mb="sm">
            {text.readOnlyHint}
          </Text>
        )}
        <QueryState query={members} errorTitle={text.loadError}>
          {(data) => (
            <MemberTable
              members={data.members as Member[]}
              meId={me?.id ?? ''}
              manages={manages}
              personal={current?.personal ?? false}
              timeZone={timeZone}
              busy={changingRole || confirming}
              onRole={(member, next) => void setRoleOf(member, next)}
              onRemove={(member) => setPending({ kind: 'remove', member })}
              onTransfer={(member) => setPending({ kind: 'transfer', member })}
            />
          )}
        </QueryState>
      </Card>
      {manages && !current?.personal && <InvitationsSection timeZone={timeZone} />}
      {/* The last owner cannot leave (the server refuses too): the button shows only when they may. */}
      {(role !== 'owner' || (members.data?.members.filter((m) => m.role === 'owner').length ?? 0) > 1) && (
        <LeaveButton personal={current?.personal ?? true} onLeave={() => setPending({ kind: 'leave' })} />
      )}
      {inviting && <InviteModal onClose={() => setInviting(false)} />}
      {confirmModal}
    </Stack>
  );
}

function LeaveButton({ personal, onLeave }: { personal: boolean; onLeave: () => void }) {
  if (personal) return null;
  return (
    <Group>
      <Button variant="default" color="red" onClick={onLeave}>
        {text.leave}
      </Button>
    </Group>
  );
}

interface MemberTableProps {
  members: Member[];
  meId: string;
  manages: boolean;
  personal: boolean;
  timeZone: string;
  busy: boolean;
  onRole: (member: Member, role: WorkspaceRole) => void;
  onRemove: (member: Member) => void;
  onTransfer: (member: Member) => void;
}

const ROLE_OPTIONS = WORKSPACE_ROLES.map((role) => ({ value: role, label: WORKSPACE_ROLE_LABELS[role] }));

function MemberTable({
  members,
  meId,
  manages,
  personal,
  timeZone,
  busy,
  onRole,
  onRemove,
  onTransfer,
}: MemberTableProps) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.columnName}</Table.Th>
            <Table.Th>{text.columnRole}</Table.Th>
            <Table.Th visibleFrom="sm">{text.columnSince}</Table.Th>
            {manages && (
              <Table.Th>
                <VisuallyHidden>{text.actions}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = member.name ?? member.email;
            const isMe = member.userId === meId;
            // A personal workspace keeps its person as owner, and one's own role changes by handing
            // the ownership over (or leaving): those rows show the role, not a select.
            const locked = (personal && member.role === 'owner') || isMe;
            return (
              <Table.Tr key={member.userId}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {name}{' '}
                    {isMe && (
                      <Text span c="dimmed" size="sm">
                        {text.you}
                      </Text>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {manages && !locked ? (
                    <Select
                      aria-label={text.roleLabel(name)}
                      data={ROLE_OPTIONS}
                      value={member.role}
                      allowDeselect={false}
                      disabled={busy}
                      w={150}
                      onChange={(value) => value && onRole(member, value as WorkspaceRole)}
                    />
                  ) : (
                    <Badge
                      variant="light"
                      color={member.role === 'owner' ? 'orange' : 'gray'}
                      tt="none"
                      // The role's whole name, also at 375 px (a badge cuts its label by default).
                      styles={{
                        root: { maxWidth: 'none', overflow: 'visible' },
                        label: { overflow: 'visible' },
                      }}
                    >
                      {WORKSPACE_ROLE_LABELS[member.role]}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDate(new Date(member.since), timeZone)}</Text>
                </Table.Td>
                {manages && (
                  <Table.Td>
                    {!isMe && !locked && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button
                            variant="subtle"
                            color="gray"
                            px="xs"
                            aria-label={text.actionsLabel(name)}
                            disabled={busy}
                          >
                            <IconDots size={18} aria-hidden />
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {!personal && member.role !== 'owner' && (
                            <Menu.Item onClick={() => onTransfer(member)}>{text.transfer}</Menu.Item>
                          )}
                          <Menu.Item color="red" onClick={() => onRemove(member)}>
                            {text.remove}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ConfirmModal({
  pending,
  workspaceName,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: Pending;
  workspaceName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const title =
    pending?.kind === 'remove'
      ? text.removeTitle
      : pending?.kind === 'transfer'
        ? text.transferTitle
        : text.leaveTitle;
  const body =
    pending?.kind === 'remove'
      ? text.removeConfirm(pending.member.name ?? pending.member.email, workspaceName)
      : pending?.kind === 'transfer'
        ? text.transferConfirm(pending.member.name ?? pending.member.email)
        : text.leaveConfirm(workspaceName);
  return (
    <Modal opened={pending !== null} onClose={() => !busy && onCancel()} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <ModalActions onCancel={onCancel} busy={busy} cancelLabel={text.cancel} gap="sm">
          <Button
            color={pending?.kind === 'transfer' ? 'orange' : 'red'}
            onClick={onConfirm}
            loading={busy}
            disabled={busy}
          >
            {text.confirm}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
