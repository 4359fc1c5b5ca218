import { Button, Container, Text, Title } from '@mantine/core';
import type { View } from '@pauta/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';
import { Link } from '../../app/Link';
import { PublicLayout } from '../../components/PublicLayout';
import classes from './PublicPage.module.css';

interface PublicPageProps {
  view: Extract<View, 'privacy-policy' | 'data-deletion'>;
  children: ReactNode;
}

/** A logged-out page with a view's title and subtitle (the same texts as inside the app). */
export function PublicPage({ view, children }: PublicPageProps) {
  const { title, subtitle } = messages.views[view];
  return (
    <PublicLayout
      headerAction={
        <Button component={Link} href="/auth" variant="outline">
          {messages.landing.login}
        </Button>
      }
    >
      <section className={classes.section}>
        <Container size="md">
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text className={classes.subtitle}>{subtitle}</Text>
          <div className={classes.body}>{children}</div>
        </Container>
      </section>
    </PublicLayout>
  );
}
