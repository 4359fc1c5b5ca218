import { Divider, SegmentedControl, Stack } from '@mantine/core';
import { messages } from '@pauta/core';
import { useState } from 'react';
import { AuthFrame, AuthHeading } from './AuthFrame';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { SocialButtons } from './SocialButtons';

type AuthTab = 'login' | 'signup';

const text = messages.auth;

/** The login / sign-up screen (spec §2.2): Voltar, the two tabs, the form and social sign-in. */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  return (
    <AuthFrame back={{ href: '/', label: text.back }}>
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
        <AuthHeading
          title={tab === 'login' ? text.loginTitle : text.signupTitle}
          description={tab === 'login' ? text.loginSubtitle : text.signupSubtitle}
        />
        {tab === 'login' ? <LoginForm /> : <SignupForm />}
        <Divider label={text.orContinueWith} labelPosition="center" />
        <SocialButtons />
      </Stack>
    </AuthFrame>
  );
}
