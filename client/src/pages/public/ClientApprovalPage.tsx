// /aprovacao/<token> (issue 17 item 3; docs/approval.md "The client approval link"): the client
// opens the link the owner shared, without an account or a session. Each post waiting in
// "Aprovação do cliente" within the link's scope is shown as its network will show it (the
// previews of the edit dialog: its images, or its video in the network's player), with "Aprovar" and "Pedir ajustes" (a comment is required).
// Each answer is one idempotent request; the post's buttons are disabled while it runs, and the
// list refetches after it. An expired, revoked or forged link shows why and offers nothing.
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  approvalMessages,
  clientLinkMessages,
  formatDate,
  formatDateTime,
  PLATFORM_LABELS,
  workspaceAdminMessages,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { usePathname } from '../../app/navigation';
import { PlatformIcon } from '../../components/PlatformIcon';
import { linkTokenFromPath, PublicLinkPage } from '../../components/PublicLinkPage';
import { PostPreview } from '../../components/preview/PostPreview';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { errorCodeOf, errorDetails } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { linkEndedStates, linkViewQuery } from './private-link';

const text = clientLinkMessages;
type View = inferRouterOutputs<AppRouter>['clientApproval']['view'];
type OpenView = Extract<View, { state: 'open' }>;
type Post = OpenView['posts'][number];

/** The token of /aprovacao/<token> (nothing else in the path). */
export function tokenFromPath(pathname: string): string {
  return linkTokenFromPath(pathname, 'aprovacao');
}

/** The client's own zone (the browser's): the times are theirs to read. */
export const clientTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo';

export function ClientApprovalPage() {
  const token = tokenFromPath(usePathname());
  const trpc = useTRPC();
  const view = useQuery({
    ...trpc.clientApproval.view.queryOptions({ token }),
    ...linkViewQuery(token),
    refetchOnWindowFocus: true,
  });
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The posts whose answer is on its way: their buttons are disabled, a second click ignored. */
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const act = useGuardedMutation(
    trpc.clientApproval.act.mutationOptions({
      onSuccess: (result, variables) => {
        // The link ended meanwhile: the refetch below shows "Este link…".
        if (result.state !== 'done') return;
        const title =
          view.data?.state === 'open' ? view.data.posts.find((p) => p.id === variables.postId)?.title : '';
        setRefusal(null);
        setDone(
          variables.decision === 'approve' ? text.approvedDone(title ?? '') : text.changesDone(title ?? ''),
        );
      },
      onError: (error) => {
        setDone(null);
        const reason = errorDetails(error, 'CONFLICT')?.reason;
        if (errorCodeOf(error) === 'RATE_LIMITED') setRefusal(text.rateLimited);
        else if (reason === 'NOT_PENDING') setRefusal(approvalMessages.refusals.NOT_PENDING);
        else setRefusal(text.actionError);
      },
      // Every answer (and every refusal: the link may have ended) refreshes the list.
      onSettled: async (_data, _error, variables) => {
        await view.refetch();
        setPending((current) => {
          const next = new Set(current);
          next.delete(variables.postId);
          return next;
        });
      },
    }),
  );

  return (
    <PublicLinkPage
      pageTitle={text.pageTitle}
      token={token}
      view={view}
      ended={linkEndedStates(text)}
      rateLimitedText={text.rateLimited}
      loadErrorText={text.loadError}
    >
      {(open) => (
        <OpenPage
          view={open}
          done={done}
          refusal={refusal}
          isPendingFor={(postId) => pending.has(postId)}
          onAct={(postId, decision, comment) => {
            if (pending.has(postId)) return;
            setPending((current) => new Set(current).add(postId));
            act.mutate({ token, postId, decision, comment });
          }}
        />
      )}
    </PublicLinkPage>
  );
}

function OpenPage({
  view,
  done,
  refusal,
  isPendingFor,
  onAct,
}: {
  view: OpenView;
  done: string | null;
  refusal: string | null;
  isPendingFor: (postId: string) => boolean;
  onAct: (postId: string, decision: 'approve' | 'changes', comment: string | null) => void;
}) {
  const zone = clientTimeZone();
  const scope =
    view.scope.kind === 'theme'
      ? text.pageScopeTheme(view.scope.themeName)
      : text.pageScopePeriod(
          formatDate(view.scope.from, view.timeZone),
          formatDate(new Date(view.scope.to.getTime() - 1), view.timeZone),
        );
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <ClienteBrand branding={view.branding} />
        <Title order={1} size="h2">
          {text.greeting(view.clientName)}
        </Title>
        <Text>{text.pageIntro(view.ownerName)}</Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
            {scope}
          </Badge>
          <Text size="sm" c="dimmed">
            {text.pageExpires(formatDateTime(view.expiresAt, zone))}
          </Text>
        </Group>
      </Stack>
      <DecisionFeedback done={done} refusal={refusal} />
      {view.posts.length === 0 ? (
        <StateMessage
          icon={IconCircleCheck}
          color="teal"
          title={text.nothingPending}
          description={text.nothingPendingHint}
          role="status"
        />
      ) : (
        <Stack gap="lg">
          <Text fw={600}>{text.postsCount(view.posts.length)}</Text>
          {view.posts.map((post) => (
            <ClientPostCard
              key={post.id}
              post={post}
              account={view.accounts.find((a) => a.platform === post.platform) ?? null}
              zone={zone}
              pending={isPendingFor(post.id)}
              onAct={onAct}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One post waiting for the client, with "Aprovar" and "Pedir ajustes" (also the Cliente member's view). */
/** The answer to the last decision, announced: done (teal) or refused (yellow, an alert). */
export function DecisionFeedback({ done, refusal }: { done: string | null; refusal: string | null }) {
  return (
    <div aria-live="polite">
      {done && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {done}
        </Alert>
      )}
      {refusal && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {refusal}
        </Alert>
      )}
    </div>
  );
}

export function ClientPostCard({
  post,
  account,
  zone,
  pending,
  onAct,
  headingOrder = 2,
}: {
  /** The post title's heading level (3 under a section heading). */
  headingOrder?: 2 | 3;
  post: Post;
  account: OpenView['accounts'][number] | null;
  zone: string;
  pending: boolean;
  /** Absent: the preview only (a role that may read the client's view but not decide). */
  onAct?: ((postId: string, decision: 'approve' | 'changes', comment: string | null) => void) | undefined;
}) {
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = `client-post-${post.id}`;

  const sendChanges = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setError(text.commentRequired);
      return;
    }
    setError(null);
    onAct?.(post.id, 'changes', comment.trim());
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap={8} wrap="nowrap" miw={0}>
            <PlatformIcon platform={post.platform} size={20} />
            <Title order={headingOrder} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {PLATFORM_LABELS[post.platform]} ·{' '}
            {post.scheduledFor
              ? text.scheduledFor(formatDateTime(post.scheduledFor, zone))
              : text.notScheduled}
          </Text>
        </Group>
        <div style={{ maxWidth: 560, width: '100%' }}>
          <PostPreview
            platform={post.platform}
            text={post.content}
            account={account}
            images={post.images}
            video={post.video}
          />
        </div>
        {!onAct ? null : asking ? (
          <form onSubmit={sendChanges} noValidate>
            <Stack gap="sm">
              <Textarea
                label={text.commentLabel}
                placeholder={text.commentPlaceholder}
                value={comment}
                onChange={(event) => {
                  setComment(event.currentTarget.value);
                  if (event.currentTarget.value.trim()) setError(null);
                }}
                error={error}
                autosize
                minRows={3}
                maxLength={2000}
                required
                data-autofocus
                autoFocus
              />
              <Group gap="sm">
                <Button type="submit" color="orange" loading={pending} disabled={pending}>
                  {pending ? text.sending : text.sendChanges}
                </Button>
                <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
                  {text.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="sm">
            <Button
              color="teal"
              onClick={() => onAct(post.id, 'approve', null)}
              loading={pending}
              disabled={pending}
              aria-describedby={headingId}
            >
              {pending ? text.approving : text.approve}
            </Button>
            <Button
              variant="default"
              onClick={() => setAsking(true)}
              disabled={pending}
              aria-describedby={headingId}
            >
              {text.requestChanges}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The cliente's branding (docs/workspaces.md): its logo and name, on a band of its colour. */
export function ClienteBrand({ branding }: { branding: OpenView['branding'] }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      pb="sm"
      mb={4}
      data-testid="cliente-brand"
      style={{ borderBottom: `4px solid ${branding.color ?? 'var(--mantine-color-default-border)'}` }}
    >
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt={workspaceAdminMessages.publicPage.logoAlt(branding.name)}
          height={48}
          style={{ maxWidth: 160, objectFit: 'contain', background: 'white', borderRadius: 6 }}
        />
      )}
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {branding.name}
      </Text>
    </Group>
  );
}
