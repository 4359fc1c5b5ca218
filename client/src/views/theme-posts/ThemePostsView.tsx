import { Accordion, Badge, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { messages, resolveThemeColor } from '@pauta/core';
import {
  type Icon,
  IconCalendarEvent,
  IconCircleCheck,
  IconListDetails,
  IconPalette,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { useViewParam, viewPath } from '../../app/view-paths';
import { LinkButton } from '../../components/common/LinkButton';
import { EditPostModal } from '../../components/posts/EditPostModal';
import { PostList } from '../../components/posts/PostList';
import { useUserTimeZone } from '../../components/posts/time-zone';
import type { PostItem } from '../../components/posts/types';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import type { ThemeListItem } from '../../lib/themes';
import { useTRPC } from '../../lib/trpc';

const text = messages.themes;
type Tab = 'all' | 'scheduled' | 'by-theme';

function ThemeGroups({ timeZone, onEdit }: { timeZone: string; onEdit: (post: PostItem) => void }) {
  const canWriteThemes = useCan('themes.write');
  const trpc = useTRPC();
  const themes = useQuery(trpc.themes.list.queryOptions());
  const [opened, setOpened] = useState<string | null>(null);

  return (
    <QueryState
      query={themes}
      errorTitle={text.loadError}
      loading={
        <Stack gap="sm" role="status" aria-label={messages.common.loading}>
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      }
      isEmpty={(data) => data.length === 0}
      empty={
        <StateMessage icon={IconPalette} title={text.empty} description={text.emptyDescription}>
          {canWriteThemes && (
            <LinkButton href={viewPath('create')} icon={IconPlus}>
              {text.createFirst}
            </LinkButton>
          )}
        </StateMessage>
      }
    >
      {(data) => (
        <Accordion variant="separated" value={opened} onChange={setOpened} chevronPosition="right">
          {data.map((theme) => (
            <ThemeGroup
              key={theme.id}
              theme={theme}
              open={opened === theme.id}
              timeZone={timeZone}
              onEdit={onEdit}
            />
          ))}
        </Accordion>
      )}
    </QueryState>
  );
}

/**
 * The theme manager (spec §2.3): tabs Todos os Posts, Posts Agendados (only those still waiting)
 * and Por Tema (each theme with its colour, counts and posts). `?theme=<id>` narrows the lists.
 */
export function ThemePostsView() {
  const timeZone = useUserTimeZone();
  const themeId = useViewParam('theme');
  const [tab, setTab] = useState<Tab>('all');
  const [editing, setEditing] = useState<PostItem | null>(null);
  const base = themeId ? { themeId } : {};

  return (
    <>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'all')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all">{text.tabAllPosts}</Tabs.Tab>
          <Tabs.Tab value="scheduled">{text.tabScheduled}</Tabs.Tab>
          <Tabs.Tab value="by-theme">{text.tabByTheme}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <PostList filters={base} timeZone={timeZone} onEdit={setEditing} label={text.tabAllPosts} />
        </Tabs.Panel>
        <Tabs.Panel value="scheduled">
          <PostList
            filters={{ ...base, statuses: ['scheduled'] }}
            timeZone={timeZone}
            onEdit={setEditing}
            label={text.tabScheduled}
          />
        </Tabs.Panel>
        <Tabs.Panel value="by-theme">
          <ThemeGroups timeZone={timeZone} onEdit={setEditing} />
        </Tabs.Panel>
      </Tabs>
      <EditPostModal post={editing} timeZone={timeZone} onClose={() => setEditing(null)} />
    </>
  );
}

interface ThemeGroupProps {
  theme: ThemeListItem;
  /** Only an open group loads its posts. */
  open: boolean;
  timeZone: string;
  onEdit: (post: PostItem) => void;
}

/** One of a theme's counts, in its colour with its icon. */
function CountBadge({ color, icon: CountIcon, children }: { color: string; icon: Icon; children: string }) {
  return (
    <Badge variant="light" color={color} tt="none" leftSection={<CountIcon size={12} aria-hidden />}>
      {children}
    </Badge>
  );
}

/** A theme in its colour with its counts; opened, its posts and a link to them in Posts Agendados. */
function ThemeGroup({ theme, open, timeZone, onEdit }: ThemeGroupProps) {
  const color = resolveThemeColor(theme.colorPalette);
  return (
    <Accordion.Item value={theme.id} style={{ borderLeft: `5px solid ${color}` }}>
      <Accordion.Control>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{theme.name}</Text>
          <Group gap={6}>
            <CountBadge color="blue" icon={IconCalendarEvent}>
              {text.scheduledCount(theme.scheduledCount)}
            </CountBadge>
            <CountBadge color="teal" icon={IconCircleCheck}>
              {text.publishedCount(theme.publishedCount)}
            </CountBadge>
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {open && (
          <Stack gap="sm">
            <Group justify="flex-end">
              <LinkButton
                href={viewPath('scheduled-posts', { theme: theme.id })}
                icon={IconListDetails}
                iconSize={14}
                variant="subtle"
                size="xs"
              >
                {text.viewPosts}
              </LinkButton>
            </Group>
            <PostList
              filters={{ themeId: theme.id }}
              timeZone={timeZone}
              onEdit={onEdit}
              label={theme.name}
            />
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
