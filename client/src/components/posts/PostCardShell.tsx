import { Button, Card, Group, Image, Text, Title } from '@mantine/core';
import { messages, type Platform, resolveThemeColor } from '@pauta/core';
import { IconTrash } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { PlatformBadge } from '../PlatformIcon';
import { EXCERPT_LINES, postExcerpt } from './excerpt';
import classes from './PostCard.module.css';

interface PostCardShellProps {
  post: {
    id: string;
    title: string;
    content: string;
    platform: Platform;
    themeName: string | null;
    themeColor: string | null;
    /** The first image's thumbnail (a signed same-origin URL), when the post has images. */
    thumbUrl?: string | null | undefined;
  };
  /** Prefix of the title's id, which names the card ('post', 'published'). */
  idPrefix: string;
  /** The date line: an icon and the scheduled or published time. */
  when: ReactNode;
  /** Extra attributes of the card (data-post-id). */
  cardProps?: Record<`data-${string}`, string>;
  /** What follows the content: badges, metrics, actions. */
  children: ReactNode;
  /** The bulk selection's checkbox (docs/bulk-actions.md), before the theme's name. */
  select?: ReactNode;
  /** The account's @handle beside the network, where the workspace has several of it; absent otherwise. */
  accountLabel?: string | null | undefined;
}

/**
 * The part a scheduled and a published post card share: theme colour accent and name, network,
 * the date line, title and an excerpt of the content clamped to 4 lines.
 */
export function PostCardShell({
  post,
  idPrefix,
  when,
  cardProps,
  children,
  select,
  accountLabel,
}: PostCardShellProps) {
  const titleId = `${idPrefix}-${post.id}-title`;
  return (
    <Card
      component="article"
      className={classes.card}
      style={{ '--theme-color': resolveThemeColor(post.themeColor) } as CSSProperties}
      aria-labelledby={titleId}
      padding="md"
      {...cardProps}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={8} wrap="nowrap" className={classes.meta}>
          {select}
          <span className={classes.swatch} aria-hidden />
          <Text size="sm" fw={600} truncate>
            {post.themeName || messages.posts.themeNameUnknown}
          </Text>
        </Group>
        {accountLabel ? (
          <Group gap={6} wrap="nowrap" miw={0}>
            <PlatformBadge platform={post.platform} />
            <Text
              size="xs"
              c="dimmed"
              truncate
              maw="12rem"
              data-testid="post-account"
              aria-label={messages.posts.accountOf(accountLabel)}
            >
              {accountLabel}
            </Text>
          </Group>
        ) : (
          <PlatformBadge platform={post.platform} />
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        {when}
      </Group>
      <Title order={2} id={titleId} className={classes.title}>
        {post.title}
      </Title>
      <Text size="sm" lineClamp={EXCERPT_LINES} className={classes.content} title={post.content}>
        {postExcerpt(post.content)}
      </Text>
      {post.thumbUrl && (
        <Image src={post.thumbUrl} alt="" h={96} w={96} radius="sm" fit="cover" loading="lazy" />
      )}
      {children}
    </Card>
  );
}

/**
 * A card's red 'Excluir' or 'Remover' (a post on its card; the video in the edit dialog). The post
 * card's asks for a confirmation elsewhere.
 */
export function CardDeleteButton({
  label,
  ariaLabel,
  onClick,
  disabled = false,
  loading,
  size = 'sm',
}: {
  label: string;
  /** A longer accessible name (e.g. naming the item) when the visible label alone is ambiguous. */
  ariaLabel?: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  size?: 'xs' | 'sm';
}) {
  return (
    <Button
      variant="subtle"
      color="red"
      size={size}
      leftSection={<IconTrash size={size === 'xs' ? 14 : 16} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
      loading={loading}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
