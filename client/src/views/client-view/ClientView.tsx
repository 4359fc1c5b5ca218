// "Para aprovar" (issue 25; docs/workspaces.md "The Cliente view"): the initial view of a member
// with the Cliente role, the account-based sibling of the public approval link. The posts waiting
// in "Aprovação do cliente" are shown as each network will show them, with "Aprovar" and "Pedir
// ajustes" (the link page's card, a comment required to ask for changes); below, the published
// posts with their metrics. Each answer is one idempotent request (the Idempotency-Key link);
// the post's buttons are disabled while it runs and the list refetches after it.
import { Stack, Text } from '@mantine/core';
import { approvalMessages, clientLinkMessages, roleMessages } from '@pauta/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { QueryLoadMore } from '../../components/common/QueryLoadMore';
import { TitledSection } from '../../components/common/SectionTitle';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { cursorPages } from '../../lib/cursor-pages';
import { errorCodeOf, errorDetails } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ClientPostCard, DecisionFeedback } from '../../pages/public/ClientApprovalPage';
import { PublishedPostCard } from '../published-posts/PublishedPostCard';

const text = roleMessages.clientView;
const PENDING_PAGE = 20;
const PUBLISHED_PAGE = 12;

function usePending() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { limit: PENDING_PAGE };
  const pages = cursorPages(input, (page, options) => client.clientView.pending.query(page, options));
  return useInfiniteQuery({
    ...trpc.clientView.pending.infiniteQueryOptions(input, { getNextPageParam: pages.getNextPageParam }),
    queryFn: pages.queryFn,
  });
}

function usePublished() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { limit: PUBLISHED_PAGE };
  const pages = cursorPages(input, (page, options) => client.clientView.published.query(page, options));
  return useInfiniteQuery({
    ...trpc.clientView.published.infiniteQueryOptions(input, { getNextPageParam: pages.getNextPageParam }),
    queryFn: pages.queryFn,
  });
}

export function ClientView() {
  return (
    <Stack gap="xl">
      <PendingSection />
      <PublishedSection />
    </Stack>
  );
}

function PendingSection() {
  const trpc = useTRPC();
  const timeZone = useUserTimeZone();
  const query = usePending();
  const canDecide = useCan('approval.clientDecide');
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The posts whose answer is on its way: their buttons are disabled, a second click ignored. */
  const [sending, setSending] = useState<ReadonlySet<string>>(() => new Set());
  const titleOf = (postId: string) =>
    query.data?.pages.flatMap((page) => page.posts).find((post) => post.id === postId)?.title ?? '';
  const decide = useGuardedMutation(
    trpc.clientView.decide.mutationOptions({
      onSuccess: (_result, variables) => {
        setRefusal(null);
        const title = titleOf(variables.postId);
        setDone(
          variables.decision === 'approve'
            ? clientLinkMessages.approvedDone(title)
            : clientLinkMessages.changesDone(title),
        );
      },
      onError: (error) => {
        setDone(null);
        if (errorDetails(error, 'CONFLICT')?.reason === 'NOT_PENDING')
          setRefusal(approvalMessages.refusals.NOT_PENDING);
        else if (errorCodeOf(error) === 'FORBIDDEN') setRefusal(text.forbidden);
        else setRefusal(clientLinkMessages.actionError);
      },
      onSettled: async (_data, _error, variables) => {
        await query.refetch();
        setSending((current) => {
          const next = new Set(current);
          next.delete(variables.postId);
          return next;
        });
      },
    }),
  );

  return (
    <TitledSection gap="md" id="client-pending-title" title={text.pendingTitle}>
      <DecisionFeedback done={done} refusal={refusal} />
      <QueryState
        query={query}
        errorTitle={text.loadError}
        keepDataOnError
        isEmpty={(data) => data.pages.every((page) => page.posts.length === 0)}
        empty={
          <StateMessage
            icon={IconCircleCheck}
            color="teal"
            title={text.pendingEmpty}
            description={text.pendingEmptyHint}
            role="status"
          />
        }
      >
        {(data) => {
          const accounts = data.pages[0]?.accounts ?? [];
          const posts = data.pages.flatMap((page) => page.posts);
          return (
            <Stack gap="lg">
              <Text fw={600}>{clientLinkMessages.postsCount(posts.length)}</Text>
              {posts.map((post) => (
                <ClientPostCard
                  key={post.id}
                  headingOrder={3}
                  post={post}
                  account={accounts.find((a) => a.platform === post.platform) ?? null}
                  zone={timeZone}
                  pending={sending.has(post.id)}
                  onAct={
                    canDecide
                      ? (postId, decision, comment) => {
                          if (sending.has(postId)) return;
                          setSending((current) => new Set(current).add(postId));
                          decide.mutate({ postId, decision, comment });
                        }
                      : undefined
                  }
                />
              ))}
              <QueryLoadMore query={query} />
            </Stack>
          );
        }}
      </QueryState>
    </TitledSection>
  );
}

function PublishedSection() {
  const timeZone = useUserTimeZone();
  const query = usePublished();
  return (
    <TitledSection gap="md" id="client-published-title" title={text.publishedTitle}>
      <QueryState
        query={query}
        errorTitle={text.loadError}
        keepDataOnError
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={
          <StateMessage icon={IconSend} title={text.publishedEmpty} description={text.publishedEmptyHint} />
        }
      >
        {(data) => (
          <Stack gap="md">
            <Stack
              gap="md"
              component="ul"
              aria-label={text.publishedTitle}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {data.pages
                .flatMap((page) => page.items)
                .map((post) => (
                  <li key={post.id}>
                    <PublishedPostCard post={post} timeZone={timeZone} />
                  </li>
                ))}
            </Stack>
            <QueryLoadMore query={query} />
          </Stack>
        )}
      </QueryState>
    </TitledSection>
  );
}
