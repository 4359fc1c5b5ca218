import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pauta/core';
import { useSystemStatus } from '../../app/session';
import classes from './PrivacyPolicyContent.module.css';

const text = messages.privacy;

/** The 7 sections of the policy; the contact address comes from the server's configuration. */
export function PrivacyPolicyContent() {
  const status = useSystemStatus();
  const email = status.data?.contactEmail ?? null;
  const sections = text.sections(email ?? '');
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} className={classes.paper}>
      <Stack gap="xl">
        <Text size="lg" className={classes.intro}>
          {text.intro}
        </Text>
        {sections.map((section, index) => {
          const isContact = index === sections.length - 1;
          return (
            <section key={section.title} className={classes.section}>
              <Title order={2} className={classes.sectionTitle}>
                {section.title}
              </Title>
              {isContact && status.isPending ? (
                <Skeleton height={20} mt="xs" radius="sm" aria-hidden />
              ) : isContact && !email ? (
                <Text className={classes.body}>{messages.common.loadError}</Text>
              ) : (
                <Text className={classes.body}>{section.body}</Text>
              )}
            </section>
          );
        })}
      </Stack>
    </Paper>
  );
}
