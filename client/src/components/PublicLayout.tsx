import { Anchor, Container, Group, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Link } from '../app/Link';
import layout from './Layout.module.css';
import { Logo } from './Logo';
import classes from './PublicLayout.module.css';
import { MAIN_ID, SkipLink } from './SkipLink';

interface PublicLayoutProps {
  /** Right side of the header (the landing page's Entrar button). */
  headerAction?: ReactNode;
  children: ReactNode;
}

const unchanging = () => () => {};
const thisYear = () => new Date().getFullYear();
/**
 * The year of the build (client/vite.config.ts), which the prerendered pages show: hydration
 * reads it, so that a page built in December and hydrated in January matches its markup, and
 * React then shows the visitor's year.
 */
const builtYear = () => Number(import.meta.env.PAUTA_BUILD_YEAR) || thisYear();

/** Frame of the logged-out pages: header with the logo, the page, and the legal footer. */
export function PublicLayout({ headerAction, children }: PublicLayoutProps) {
  const year = useSyncExternalStore(unchanging, thisYear, builtYear);
  return (
    <div className={`${layout.shell} ${classes.shell}`}>
      <SkipLink />
      <header className={`${layout.header} ${classes.header}`}>
        <Container size="lg" className={`${layout.headerInner} ${classes.headerInner}`}>
          <Logo />
          {headerAction}
        </Container>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <footer className={classes.footer}>
        <Container size="lg" className={classes.footerInner}>
          <Text size="sm" c="dimmed">
            © {year} {messages.common.appName}
          </Text>
          <Group renderRoot={(props) => <nav {...props} />} gap="lg">
            <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed">
              {messages.landing.footerPrivacy}
            </Anchor>
            <Anchor component={Link} href="/data-deletion" size="sm" c="dimmed">
              {messages.landing.footerDataDeletion}
            </Anchor>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
