import { Alert, Container, Text, Title } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PublicLayout } from '../../components/PublicLayout';
import { placeholderTexts } from '../placeholder-texts';

interface ComingSoonPageProps {
  view: 'privacy-policy' | 'data-deletion';
}

/** Placeholder of a public page that another issue builds: its real title, subtitle and a note. */
export function ComingSoonPage({ view }: ComingSoonPageProps) {
  const { title, subtitle } = messages.views[view];
  return (
    <PublicLayout>
      <Container size="sm" py={{ base: 48, sm: 80 }}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg" mt="xs">
          {subtitle}
        </Text>
        <Alert variant="light" mt="xl" icon={<IconInfoCircle aria-hidden />}>
          {placeholderTexts.pageComingSoon}
        </Alert>
      </Container>
    </PublicLayout>
  );
}
