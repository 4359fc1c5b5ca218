// "Inserir trecho" (issue 30 item 5; docs/snippets.md): the workspace's saved snippets as a menu
// beside a post's text. A hashtag group goes in at the cursor (or in place of the selection), a
// signature at the end after a blank line (core insertAtCursor / appendSignature); the caller's
// onChange runs as if it had been typed, so the counter and the over-limit state follow. Loading,
// failed and empty states live in the menu; the empty one links to "Trechos salvos" in a new tab
// so the post being edited is not lost.
import { Button, Loader, Menu, Text } from '@mantine/core';
import { appendSignature, insertAtCursor, SNIPPET_KINDS, snippetMessages } from '@pauta/core';
import { IconChevronDown, IconExternalLink, IconQuote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type RefObject } from 'react';
import { viewPath } from '../../app/view-paths';
import { useWorkspace } from '../../app/WorkspaceScope';
import { withWorkspaceParam } from '../../app/workspace';
import { useTRPC } from '../../lib/trpc';

const text = snippetMessages;

interface InsertSnippetMenuProps {
  /** The text field the snippet goes into (its cursor and selection are read when a snippet is picked). */
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function InsertSnippetMenu({ target, value, onChange, disabled = false }: InsertSnippetMenuProps) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const list = useQuery({ ...trpc.snippets.list.queryOptions(), staleTime: 30_000 });
  const manageHref = workspace
    ? withWorkspaceParam(viewPath('snippets'), workspace.id)
    : viewPath('snippets');
  const snippets = list.data?.snippets ?? [];

  const insert = (kind: 'hashtags' | 'signature', snippet: string) => {
    const field = target.current;
    const edit =
      kind === 'signature'
        ? appendSignature(value, snippet)
        : insertAtCursor(
            value,
            field?.selectionStart ?? value.length,
            field?.selectionEnd ?? value.length,
            snippet,
          );
    onChange(edit.text);
    // Back to the text with the cursor after what was inserted, once React has rendered it.
    requestAnimationFrame(() => {
      if (!field) return;
      field.focus();
      field.setSelectionRange(edit.cursor, edit.cursor);
    });
  };

  return (
    <Menu position="bottom-start" width={320} withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconQuote size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
        >
          {text.insert}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {list.isPending ? (
          <Menu.Label>
            <Loader size={12} mr={6} aria-hidden />
            {text.insertLoading}
          </Menu.Label>
        ) : list.isError ? (
          <>
            <Menu.Label c="red">{text.insertError}</Menu.Label>
            <Menu.Item closeMenuOnClick={false} onClick={() => void list.refetch()}>
              {text.retry}
            </Menu.Item>
          </>
        ) : snippets.length === 0 ? (
          <>
            <Text size="sm" px="sm" py={6} c="dimmed">
              {text.insertEmpty}
            </Text>
            <ManageItem href={manageHref} label={text.insertCreateFirst} />
          </>
        ) : (
          <>
            {SNIPPET_KINDS.map((kind) => {
              const mine = snippets.filter((s) => s.kind === kind);
              if (mine.length === 0) return null;
              return (
                <Fragment key={kind}>
                  <Menu.Label>
                    {text.kindPlural[kind]} ·{' '}
                    {kind === 'hashtags' ? text.insertHashtagsHint : text.insertSignatureHint}
                  </Menu.Label>
                  {mine.map((snippet) => (
                    <Menu.Item key={snippet.id} onClick={() => insert(kind, snippet.text)}>
                      <Text size="sm" fw={600} lineClamp={1}>
                        {snippet.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {snippet.text}
                      </Text>
                    </Menu.Item>
                  ))}
                </Fragment>
              );
            })}
            <Menu.Divider />
            <ManageItem href={manageHref} label={text.insertManage} />
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Opens Trechos salvos in a new tab (to create the first snippet, or to manage them). */
function ManageItem({ href, label }: { href: string; label: string }) {
  return (
    <Menu.Item
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      leftSection={<IconExternalLink size={16} aria-hidden />}
    >
      {label}
    </Menu.Item>
  );
}
