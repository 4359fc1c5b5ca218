// Editar Post's "Conta" (docs/workspaces.md "Several accounts of one network"): which of the
// workspace's accounts of the post's network it goes out from. Only where the network has several
// active accounts, or where the post's account was disconnected (then it says so and lets the person
// pick another; a post never moves to another account by itself).
import { Alert, Select, Stack } from '@mantine/core';
import { messages, PLATFORM_LABELS } from '@pauta/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PlatformIcon } from '../../PlatformIcon';
import type { PostItem } from '../types';
import { accountHandle } from '../useActiveAccounts';
import type { EditPostState } from './useEditPost';

const text = messages.posts;

export function AccountField({ post, state }: { post: PostItem; state: EditPostState }) {
  const { account } = state;
  if (!account.shown) return null;
  const network = PLATFORM_LABELS[post.platform];
  return (
    <Stack gap={6}>
      {account.gone && (
        <Alert
          color="orange"
          icon={<IconAlertCircle size={18} aria-hidden />}
          data-testid="post-account-gone"
        >
          {account.choices.length > 0
            ? text.accountDisconnected(network)
            : text.accountDisconnectedNone(network)}
        </Alert>
      )}
      {account.choices.length > 0 && (
        <Select
          label={text.account}
          description={text.accountHint(network)}
          placeholder={text.accountPlaceholder}
          data={account.choices.map((choice) => ({
            value: choice.id,
            label:
              choice.name && choice.username
                ? `${accountHandle(choice)} (${choice.name})`
                : accountHandle(choice),
          }))}
          value={account.value}
          onChange={account.change}
          allowDeselect={false}
          disabled={!state.editable || state.saving}
          leftSection={<PlatformIcon platform={post.platform} size={16} />}
          comboboxProps={{ withinPortal: true }}
          error={account.gone ? true : undefined}
        />
      )}
    </Stack>
  );
}
