import { Button, Container, Divider, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../app/Link';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import classes from './AuthPage.module.css';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { SocialButtons } from './SocialButtons';

type AuthTab = 'login' | 'signup';

const text = messages.auth;

/** The login / sign-up screen (spec §2.2): Voltar, the two tabs, the form and social sign-in. */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  return (
    <main id={MAIN_ID} tabIndex={-1} className={classes.page}>
      <SkipLink />
      <Container size={480} w="100%">
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
              size="md"
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
            {tab === 'login' ? <LoginForm /> : <SignupForm />}
            <Divider label={text.orContinueWith} labelPosition="center" />
            <SocialButtons />
          </Stack>
        </Paper>
      </Container>
    </main>
  );
}
