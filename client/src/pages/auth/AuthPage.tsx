import { Alert, Button, Container, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../app/Link';
import { Logo } from '../../components/Logo';
import { placeholderTexts } from '../placeholder-texts';
import classes from './AuthPage.module.css';

type AuthTab = 'login' | 'signup';

/** Placeholder of the login / sign-up screen (spec §2.2): the tab header and the way back. */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const text = messages.auth;
  return (
    <main className={classes.page}>
      <Container size={460} w="100%">
        <Button
          component={Link}
          href="/"
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          className={classes.back}
        >
          {text.back}
        </Button>
        <div className={classes.logo}>
          <Logo />
        </div>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap="lg">
            <SegmentedControl
              fullWidth
              radius="md"
              value={tab}
              onChange={(value) => setTab(value as AuthTab)}
              data={[
                { value: 'login', label: text.loginTab },
                { value: 'signup', label: text.signupTab },
              ]}
            />
            <div>
              <Title order={1} className={classes.title}>
                {tab === 'login' ? text.loginTitle : text.signupTitle}
              </Title>
              <Text c="dimmed" mt={4}>
                {tab === 'login' ? text.loginSubtitle : text.signupSubtitle}
              </Text>
            </div>
            <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
              {placeholderTexts.authComingSoon}
            </Alert>
          </Stack>
        </Paper>
      </Container>
    </main>
  );
}
