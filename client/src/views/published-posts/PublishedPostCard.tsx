import { Button, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, messages } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconChartLine,
  IconCircleCheck,
  IconExternalLink,
  IconEye,
  IconHeart,
  IconMessageCircle,
} from '@tabler/icons-react';
import card from '../../components/posts/PostCard.module.css';
import { CardDeleteButton, PostCardShell } from '../../components/posts/PostCardShell';
import type { PublishedItem } from '../../components/posts/types';
import { formatEngagementMetric, formatMetric } from './metrics';
import classes from './PublishedPostCard.module.css';

const text = messages.published;

function Metric({ icon: MetricIcon, label, value }: { icon: Icon; label: string; value: string }) {
  const unavailable = value === text.unavailable || value === messages.common.notAvailable;
  return (
    <div className={classes.metric}>
      <dt>
        <MetricIcon size={14} aria-hidden />
        {label}
      </dt>
      <dd className={unavailable ? classes.unavailable : undefined}>{value}</dd>
    </div>
  );
}

interface PublishedPostCardProps {
  post: PublishedItem;
  timeZone: string;
  /** Absent: no "Excluir" (a role that may not change posts, e.g. the Cliente's view). */
  onDelete?: ((post: PublishedItem) => void) | undefined;
}

/** A published post: theme, network, date, title, 2-line content, metrics, 'Ver na rede', Excluir. */
export function PublishedPostCard({ post, timeZone, onDelete }: PublishedPostCardProps) {
  return (
    <PostCardShell
      post={post}
      idPrefix="published"
      when={
        <>
          <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" c="dimmed">
            {text.publishedAt} {formatDateTime(post.publishedAt, timeZone)}
          </Text>
        </>
      }
    >
      <VisuallyHidden component="h3">{text.metricsLabel}</VisuallyHidden>
      <dl className={classes.metrics}>
        <Metric icon={IconEye} label={text.reach} value={formatMetric(post.reach)} />
        <Metric icon={IconHeart} label={text.likes} value={formatMetric(post.likes)} />
        <Metric icon={IconMessageCircle} label={text.comments} value={formatMetric(post.comments)} />
        <Metric
          icon={IconChartLine}
          label={text.engagement}
          value={formatEngagementMetric(post.engagementRate)}
        />
      </dl>
      {post.metricsUnavailableReason && (
        <Text size="xs" c="dimmed" data-testid="metrics-unavailable-reason">
          {post.metricsUnavailableReason}
        </Text>
      )}
      {post.metricsUpdatedAt && (
        <Text size="xs" c="dimmed">
          {text.metricsUpdatedAt} {formatDateTime(post.metricsUpdatedAt, timeZone)}
        </Text>
      )}

      <div className={card.actions}>
        {post.url && (
          <Button
            component="a"
            href={post.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {text.viewOnNetwork}
            <VisuallyHidden> {text.opensInNewTab}</VisuallyHidden>
          </Button>
        )}
        {onDelete && <CardDeleteButton label={text.delete} onClick={() => onDelete(post)} />}
      </div>
    </PostCardShell>
  );
}
