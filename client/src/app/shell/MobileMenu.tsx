import { Avatar, Box, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import type { View } from '@pauta/core';
import { messages } from '@pauta/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '../Link';
import { useWorkspaceRole } from '../permissions';
import type { SessionUser } from '../session';
import { viewPath } from '../view-paths';
import type { NavItem } from './nav-items';
import { ADMIN_ITEMS, navItemsFor } from './nav-items';
import { displayName, initialsOf } from './user-display';
import { WorkspaceMenuSection } from './WorkspaceSwitcher';

interface MobileMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  view: View;
  user: SessionUser | null;
  showAdmin: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

/** Side menu under 768 px (spec §2.3); a Mantine Drawer, so focus stays inside while open. */
export function MobileMenu({
  id,
  opened,
  onClose,
  view,
  user,
  showAdmin,
  onSignOut,
  signingOut,
}: MobileMenuProps) {
  const role = useWorkspaceRole();
  const renderItem = (item: NavItem) => (
    <MenuLink key={item.view} item={item} active={item.view === view} onClose={onClose} />
  );

  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position="right"
      size={300}
      title={messages.nav.menu}
      closeButtonProps={{ 'aria-label': messages.nav.closeMenu }}
      hiddenFrom="sm"
      padding="md"
    >
      <Stack gap="md">
        {user && <MenuUser user={user} />}
        <WorkspaceMenuSection id={id} onClose={onClose} />
        <nav aria-label={messages.nav.menu}>
          <Stack gap={2}>{navItemsFor(role).map(renderItem)}</Stack>
          {showAdmin && (
            <>
              <Divider my="sm" />
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4} id={`${id}-admin`}>
                {messages.nav.adminSection}
              </Text>
              <Stack gap={2} role="group" aria-labelledby={`${id}-admin`}>
                {ADMIN_ITEMS.map(renderItem)}
              </Stack>
            </>
          )}
        </nav>
        <Divider />
        <NavLink
          component="button"
          type="button"
          label={signingOut ? messages.nav.signingOut : messages.nav.logout}
          leftSection={<IconLogout size={20} stroke={1.7} aria-hidden />}
          onClick={onSignOut}
          disabled={signingOut}
          fw={600}
        />
      </Stack>
    </Drawer>
  );
}

function MenuUser({ user }: { user: SessionUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar color="brand" radius="xl" aria-hidden>
        {initialsOf(user)}
      </Avatar>
      <Box miw={0}>
        <Text fw={600} truncate>
          {displayName(user)}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {user.email}
        </Text>
      </Box>
    </Group>
  );
}

function MenuLink({ item, active, onClose }: { item: NavItem; active: boolean; onClose: () => void }) {
  const ItemIcon = item.icon;
  return (
    <NavLink
      component={Link}
      href={viewPath(item.view)}
      label={item.label}
      leftSection={<ItemIcon size={20} stroke={1.7} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onClose}
      fw={600}
    />
  );
}
