import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Burger,
  Button,
  Container,
  Group,
  Menu,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { View } from '@pauta/core';
import { messages } from '@pauta/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconShieldLock,
  IconSun,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BudgetConfirmHost } from '../../components/budget/BudgetConfirmHost';
import layout from '../../components/Layout.module.css';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { Link } from '../Link';
import { useWorkspaceRole } from '../permissions';
import type { SessionUser } from '../session';
import { useAdminCheck, useSessionUser, useSystemStatus } from '../session';
import { viewPath } from '../view-paths';
import { useWorkspace } from '../WorkspaceScope';
import { AccountsBanner } from './AccountsBanner';
import classes from './AppLayout.module.css';
import { MobileMenu } from './MobileMenu';
import type { NavItem } from './nav-items';
import { ADMIN_ITEMS, navItemsFor } from './nav-items';
import { displayName, initialsOf } from './user-display';
import { useSignOut } from './useSignOut';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { useWorkersStatus } from './workers-status';

interface AppLayoutProps {
  view: View;
  children: ReactNode;
}

/**
 * How many header entries fit with their labels between 1200 and 1439 px (measured in Chromium at
 * 1280 px with the SANDBOX badge): with more (Equipe makes seven), they show icons only there.
 */
const FULL_LABEL_ITEMS = 6;

/** The signed-in frame (spec §2.3): fixed header with logo and menu, banners, then the view. */
export function AppLayout({ view, children }: AppLayoutProps) {
  const user = useSessionUser();
  const admin = useAdminCheck();
  const status = useSystemStatus();
  const { signOut, signingOut } = useSignOut();
  const [menuOpened, menu] = useDisclosure(false);
  const showAdmin = !admin.loading && admin.isAdmin;
  const severalWorkspaces = (useWorkspace()?.workspaces.length ?? 0) > 1;
  const navItems = navItemsFor(useWorkspaceRole());
  const publishingPaused = showAdmin && status.data?.publishingAvailable === false;

  return (
    <div className={`${layout.shell} ${classes.shell}`}>
      <SkipLink />
      <header className={`${layout.header} ${classes.header}`}>
        <Container size="xl" className={`${layout.headerInner} ${classes.headerInner}`}>
          <Group gap="sm" wrap="nowrap" className={classes.left}>
            <Logo href={viewPath(navItems[0]?.view ?? 'dashboard')} label={messages.nav.logoHome} />
            {status.data?.sandbox && <SandboxBadge />}
            <WorkspaceSwitcher />
          </Group>

          <nav
            aria-label={messages.nav.mainNavigation}
            className={classes.desktopNav}
            data-compact={showAdmin || severalWorkspaces || navItems.length > FULL_LABEL_ITEMS || undefined}
            data-workspaces={severalWorkspaces || undefined}
          >
            {navItems.map((item) => (
              <HeaderLink key={item.view} item={item} active={item.view === view} />
            ))}
            {showAdmin && <AdminMenu view={view} />}
          </nav>

          <Group gap="xs" wrap="nowrap" className={classes.right}>
            <ColorSchemeToggle />
            {user && <UserAvatar user={user} />}
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={signOut}
              loading={signingOut}
              className={classes.desktopOnly}
            >
              {messages.nav.logout}
            </Button>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpened ? messages.nav.closeMenu : messages.nav.openMenu}
              aria-expanded={menuOpened}
              aria-controls="mobile-menu"
            />
          </Group>
        </Container>
      </header>

      <MobileMenu
        id="mobile-menu"
        opened={menuOpened}
        onClose={menu.close}
        view={view}
        user={user}
        showAdmin={showAdmin}
        onSignOut={signOut}
        signingOut={signingOut}
      />

      {/* Confirms saves past a network budget made without a dialog (calendar drop, retry). */}
      <BudgetConfirmHost />
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Container size="lg" className={classes.content}>
          <ShellBanners showAdmin={showAdmin} publishingPaused={publishingPaused} />
          <AccountsBanner view={view} />
          {children}
        </Container>
      </main>
    </div>
  );
}

function HeaderLink({ item, active }: { item: NavItem; active: boolean }) {
  const ItemIcon = item.icon;
  return (
    <Button
      component={Link}
      href={viewPath(item.view)}
      variant={active ? 'light' : 'subtle'}
      color={active ? 'brand' : 'gray'}
      aria-current={active ? 'page' : undefined}
      aria-label={item.label}
      title={item.label}
      leftSection={<ItemIcon size={18} aria-hidden />}
      className={classes.navButton}
      classNames={{ section: classes.navSection }}
    >
      <span className={classes.navLabel}>{item.label}</span>
    </Button>
  );
}

function AdminMenu({ view }: { view: View }) {
  const active = ADMIN_ITEMS.some((item) => item.view === view) || view === 'admin-settings';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          color={active ? 'brand' : 'gray'}
          leftSection={<IconShieldLock size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={messages.nav.adminSection}
          title={messages.nav.adminSection}
          className={classes.navButton}
          classNames={{ section: classes.navSection }}
        >
          <span className={classes.navLabel}>{messages.nav.adminSection}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADMIN_ITEMS.map((item) => {
          const ItemIcon = item.icon;
          return (
            <Menu.Item
              key={item.view}
              component={Link}
              href={viewPath(item.view)}
              leftSection={<ItemIcon size={16} aria-hidden />}
              aria-current={item.view === view ? 'page' : undefined}
            >
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const dark = computed === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={messages.nav.toggleColorScheme}
      title={messages.nav.toggleColorScheme}
    >
      {dark ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}

function UserAvatar({ user }: { user: SessionUser }) {
  const name = displayName(user);
  return (
    <Tooltip label={name === user.email ? name : `${name} · ${user.email}`} withArrow>
      <Avatar
        color="brand"
        radius="xl"
        size={34}
        className={classes.desktopOnly}
        role="img"
        aria-label={name}
        tabIndex={0}
      >
        {initialsOf(user)}
      </Avatar>
    </Tooltip>
  );
}

function SandboxBadge() {
  return (
    <Tooltip label={messages.common.sandboxHint} multiline w={240} withArrow>
      <Badge variant="light" color="orange" radius="sm" tabIndex={0}>
        {messages.common.sandboxBadge}
      </Badge>
    </Tooltip>
  );
}

/** For admins: publishing paused (no network credentials) and no worker alive. */
function ShellBanners({ showAdmin, publishingPaused }: { showAdmin: boolean; publishingPaused: boolean }) {
  const workers = useWorkersStatus(showAdmin);
  const noWorker = showAdmin && workers.data?.health.status === 'no_worker' ? workers.data.health : null;
  return (
    <>
      {publishingPaused && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="xl" role="status">
          {messages.shell.publishingPaused}
        </Alert>
      )}
      {noWorker && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          mb="xl"
          role="alert"
          title={messages.shell.noWorker(noWorker.minutesSinceSeen, noWorker.duePosts)}
        >
          {messages.shell.noWorkerHelp}{' '}
          <Anchor component={Link} href={viewPath('admin', { section: 'workers' })} fw={600}>
            {messages.shell.noWorkerLink}
          </Anchor>
        </Alert>
      )}
    </>
  );
}
