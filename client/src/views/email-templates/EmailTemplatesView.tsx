import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDateTime, messages } from '@pauta/core';
import { IconInbox, IconMail, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../app/session';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { EmailTemplate } from '../admin/admin-api';
import { OutboxPanel } from './OutboxPanel';
import { TemplateEditorModal } from './TemplateEditorModal';

const text = messages.admin.templates;

/** Templates de Email (spec §7 call 10): list, create, edit with live preview, delete; and the outbox. */
export function EmailTemplatesView() {
  const [tab, setTab] = useState<string | null>('templates');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="templates" leftSection={<IconMail size={16} aria-hidden />}>
          {text.tabs.templates}
        </Tabs.Tab>
        <Tabs.Tab value="outbox" leftSection={<IconInbox size={16} aria-hidden />}>
          {text.tabs.outbox}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="templates">
        <TemplatesPanel />
      </Tabs.Panel>
      <Tabs.Panel value="outbox">
        <OutboxPanel />
      </Tabs.Panel>
    </Tabs>
  );
}

function TemplatesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useSessionUser()?.timezone ?? DEFAULT_TIME_ZONE;
  const templates = useQuery(trpc.admin.templates.list.queryOptions());
  const remove = useMutation(trpc.admin.templates.delete.mutationOptions());
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      showSuccess(messages.common.success, text.deleted);
    } catch {
      showError(messages.common.error, text.deleteError);
    }
    setDeleting(null);
    await queryClient.invalidateQueries(trpc.admin.templates.pathFilter());
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {text.newTemplate}
        </Button>
      </Group>
      <QueryState
        query={templates}
        errorTitle={text.loadError}
        isEmpty={(data) => data.length === 0}
        empty={<StateMessage icon={IconMail} title={text.empty} role="status" />}
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                timeZone={timeZone}
                onEdit={() => setEditing(template)}
                onDelete={() => setDeleting(template)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <TemplateEditorModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={text.confirmDeleteTitle}
        message={deleting ? text.confirmDelete(deleting.templateName) : ''}
        confirmLabel={messages.common.delete}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface TemplateCardProps {
  template: EmailTemplate;
  timeZone: string;
  onEdit: () => void;
  onDelete: () => void;
}

function TemplateCard({ template, timeZone, onEdit, onDelete }: TemplateCardProps) {
  return (
    <Card withBorder component="article" aria-label={template.templateName}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {template.templateName}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge variant="light" color={template.isActive ? 'green' : 'gray'}>
              {template.isActive ? messages.common.active : messages.common.inactive}
            </Badge>
            <ActionIcon
              variant="subtle"
              aria-label={`${messages.common.edit} ${template.templateName}`}
              onClick={onEdit}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${messages.common.delete} ${template.templateName}`}
              onClick={onDelete}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {text.subject}:{' '}
          </Text>
          {template.subject}
        </Text>
        {Object.keys(template.variables).length > 0 && (
          <Group gap={4}>
            {Object.keys(template.variables).map((name) => (
              <Badge key={name} variant="outline" color="gray" tt="none" size="sm" ff="monospace">
                {`{{${name}}}`}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {text.lastUpdated} {formatDateTime(template.updatedAt, timeZone)}
        </Text>
      </Stack>
    </Card>
  );
}
