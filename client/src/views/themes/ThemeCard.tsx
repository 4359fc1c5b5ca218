import { ActionIcon, Badge, Card, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import type { Platform } from '@pauta/core';
import {
  isTone,
  messages,
  PLATFORM_LABELS,
  resolveThemeColor,
  THEME_CARD_MAX_NETWORKS,
  THEME_CARD_MAX_TONES,
  TONE_LABELS,
} from '@pauta/core';
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconDots,
  IconEdit,
  IconListDetails,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useCan } from '../../app/permissions';
import { goToView, viewPath } from '../../app/view-paths';
import { LinkButton } from '../../components/common/LinkButton';
import { PlatformBadge } from '../../components/PlatformIcon';
import type { ThemeListItem } from '../../lib/themes';
import classes from './ThemesView.module.css';

const text = messages.themes;

function suggestedPostsPath(themeId: string): string {
  return viewPath('suggested-posts', { theme: themeId, from: 'card' });
}

function toneLabel(tone: string): string {
  return isTone(tone) ? TONE_LABELS[tone] : tone;
}

interface ThemeCardProps {
  theme: ThemeListItem;
  onDelete: () => void;
}

/** One theme: accent colour, name, 2-line description, ≤2 tones, ≤3 networks, counts, actions. */
export function ThemeCard({ theme, onDelete }: ThemeCardProps) {
  const color = resolveThemeColor(theme.colorPalette);
  const canWrite = useCan('themes.write');

  return (
    <Card className={classes.card} style={{ '--theme-color': color } as CSSProperties} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={2} className={classes.name} lineClamp={2}>
          {theme.name}
        </Title>
        {canWrite && <ThemeMenu theme={theme} onDelete={onDelete} />}
      </Group>

      <Text size="sm" c="dimmed" lineClamp={2} className={classes.description} title={theme.description}>
        {theme.description}
      </Text>

      <ThemeTags theme={theme} />

      <Group gap="lg" className={classes.counts}>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">{text.scheduledCount(theme.scheduledCount)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">{text.publishedCount(theme.publishedCount)}</Text>
        </Group>
      </Group>

      <div className={classes.actions}>
        {canWrite && (
          <LinkButton href={suggestedPostsPath(theme.id)} icon={IconSparkles}>
            {text.generatePosts}
          </LinkButton>
        )}
        <LinkButton
          href={viewPath('scheduled-posts', { theme: theme.id })}
          icon={IconListDetails}
          variant="default"
        >
          {text.viewPosts}
        </LinkButton>
      </div>
    </Card>
  );
}

function MoreBadge({ count, label }: { count: number; label: string }) {
  return (
    <Tooltip label={label} withArrow>
      <Badge variant="outline" color="gray" tt="none" role="listitem" aria-label={label} tabIndex={0}>
        {text.moreCount(count)}
      </Badge>
    </Tooltip>
  );
}

/** Gerar Posts, Editar Tema and Excluir Tema. */
function ThemeMenu({ theme, onDelete }: ThemeCardProps) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={text.themeMenu(theme.name)}>
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={() => goToView('suggested-posts', { theme: theme.id, from: 'card' })}
        >
          {text.generatePosts}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => goToView('edit', { theme: theme.id })}
        >
          {text.editTheme}
        </Menu.Item>
        <Menu.Divider />
        {/* c, not color: the text colour then is red's readable text shade (Menu uses shade 6). */}
        <Menu.Item c="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          {text.deleteTheme}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The tones and networks, a few each, the rest behind '+N'. */
function ThemeTags({ theme }: { theme: ThemeListItem }) {
  const tones = theme.toneOfVoice.length > 0 ? theme.toneOfVoice : ['professional'];
  const shownTones = tones.slice(0, THEME_CARD_MAX_TONES);
  const hiddenTones = tones.slice(THEME_CARD_MAX_TONES);
  const shownNetworks = theme.socialNetworks.slice(0, THEME_CARD_MAX_NETWORKS);
  const hiddenNetworks = theme.socialNetworks.slice(THEME_CARD_MAX_NETWORKS);
  return (
    <>
      <Group gap={6} aria-label={text.tonesLabel} role="list">
        {shownTones.map((tone) => (
          <Badge key={tone} variant="light" color="gray" tt="none" role="listitem">
            {toneLabel(tone)}
          </Badge>
        ))}
        {hiddenTones.length > 0 && (
          <MoreBadge
            count={hiddenTones.length}
            label={text.moreTones(hiddenTones.map(toneLabel).join(', '))}
          />
        )}
      </Group>

      <Group gap={6} aria-label={text.networksLabel} role="list">
        {shownNetworks.map((platform) => (
          <PlatformBadge key={platform} platform={platform} role="listitem" />
        ))}
        {hiddenNetworks.length > 0 && (
          <MoreBadge
            count={hiddenNetworks.length}
            label={text.moreNetworks(hiddenNetworks.map((p: Platform) => PLATFORM_LABELS[p]).join(', '))}
          />
        )}
      </Group>
    </>
  );
}
