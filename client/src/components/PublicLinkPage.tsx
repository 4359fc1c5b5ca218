// The shell of a page opened through a private link, without an account or a session (the
// client approval link /aprovacao/<token>, the report link /relatorio/<token>): the public
// layout, the page title, no indexing, and the states every such link has before its content —
// the link is invalid, revoked or expired (it says why and shows nothing), the load failed or was
// rate limited, it is loading — and the open view, which the page renders.
import { Alert, Container, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { errorCodeOf } from '../lib/errors';
import { PublicLayout } from './PublicLayout';
import { StateMessage } from './StateMessage';

/** The token of /<prefix>/<token> (nothing else in the path). */
export function linkTokenFromPath(pathname: string, prefix: string): string {
  return decodeURIComponent(pathname.replace(new RegExp(`^/${prefix}/?`), '').split('/')[0] ?? '');
}

/** Keeps search engines away from a page whose URL is a credential (the server sends X-Robots-Tag too). */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** Why a link shows nothing: its icon, title and line. */
export interface LinkEnded {
  icon: Icon;
  title: string;
  message: string;
}

type Open<V> = Extract<V, { state: 'open' }>;

export function PublicLinkPage<V extends { state: string }>({
  pageTitle,
  token,
  view,
  ended,
  rateLimitedText,
  loadErrorText,
  fullWidth = false,
  children,
}: {
  pageTitle: string;
  token: string;
  /** The link's query (what is read of it). */
  view: { data: V | undefined; isError: boolean; error: unknown };
  /** One entry per state of the link other than `open` (`invalid` also stands for an empty token). */
  ended: Record<Exclude<V['state'], 'open'>, LinkEnded> & { invalid: LinkEnded };
  rateLimitedText: string;
  loadErrorText: string;
  /** The container takes the whole width up to its size (pages with charts). */
  fullWidth?: boolean;
  children: (view: Open<V>) => ReactNode;
}) {
  useDocumentTitle(`${pageTitle} · ${messages.common.appName}`);
  useNoIndex();
  const state = view.data?.state as Exclude<V['state'], 'open'> | 'open' | undefined;
  const endedAs =
    token === '' ? ended.invalid : state !== undefined && state !== 'open' ? ended[state] : null;

  let body: ReactNode;
  if (endedAs)
    body = (
      <StateMessage
        icon={endedAs.icon}
        title={endedAs.title}
        description={endedAs.message}
        color="gray"
        role="alert"
      />
    );
  else if (view.isError) {
    const rateLimited = errorCodeOf(view.error) === 'RATE_LIMITED';
    body = (
      <Alert color={rateLimited ? 'yellow' : 'red'} variant="light" role="alert">
        {rateLimited ? rateLimitedText : loadErrorText}
      </Alert>
    );
  } else if (!view.data)
    body = (
      <Text c="dimmed" role="status">
        {messages.common.loading}
      </Text>
    );
  else body = children(view.data as Open<V>);

  return (
    <PublicLayout>
      <Container
        size="md"
        w={fullWidth ? '100%' : undefined}
        py={{ base: 'lg', sm: 40 }}
        px={{ base: 'sm', sm: 'md' }}
      >
        {body}
      </Container>
    </PublicLayout>
  );
}
