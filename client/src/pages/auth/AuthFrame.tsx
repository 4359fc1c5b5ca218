import {
  Button,
  Container,
  type MantineSpacing,
  Paper,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { INPUT_LIMITS, messages } from '@pauta/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from '../../app/Link';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { SubmitButton } from '../../components/SubmitButton';
import classes from './AuthPage.module.css';
import { preloadAuthSchemas } from './schemas';

interface AuthFrameProps {
  /** Where 'Voltar' leads, and its text. */
  back: { href: string; label: string };
  children: ReactNode;
}

/** The frame of the sign-in and password-reset pages: Voltar, the logo and a card. */
export function AuthFrame({ back, children }: AuthFrameProps) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={classes.page}>
      <SkipLink />
      <Container size={480} w="100%">
        <Button
          component={Link}
          href={back.href}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          className={classes.back}
        >
          {back.label}
        </Button>
        <div className={classes.logo}>
          <Logo />
        </div>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 'xl' }}>
          {children}
        </Paper>
      </Container>
    </main>
  );
}

/** The page's h1 and the line under it. */
export function AuthHeading({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
    </div>
  );
}

/**
 * An auth form: the heading (absent inside the sign-in page's tabs), the fields, and the submit
 * button that says what it is doing. `preloadSchemas`: the validation schemas load on first focus.
 */
export function AuthForm({
  onSubmit,
  heading,
  submit,
  preloadSchemas = false,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  heading?: { title: string; description: string };
  submit: { pending: boolean; label: string; pendingLabel: string; mt?: MantineSpacing };
  preloadSchemas?: boolean;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} onFocus={preloadSchemas ? preloadAuthSchemas : undefined} noValidate>
      <Stack gap="md">
        {heading && <AuthHeading title={heading.title} description={heading.description} />}
        {children}
        <SubmitButton
          pending={submit.pending}
          label={submit.label}
          pendingLabel={submit.pendingLabel}
          size="md"
          fullWidth
          mt={submit.mt}
        />
      </Stack>
    </form>
  );
}

/** The account's email field of every auth form (label, placeholder, autofill, limit). */
export function EmailField(props: Omit<TextInputProps, 'type' | 'label'>) {
  return (
    <TextInput
      type="email"
      label={messages.auth.email}
      placeholder={messages.auth.emailPlaceholder}
      autoComplete="email"
      withAsterisk
      maxLength={INPUT_LIMITS.email}
      {...props}
    />
  );
}

/**
 * A password field that tells assistive technology when it is invalid: Mantine marks the inner
 * input with `data-invalid` only, so `aria-invalid` is set here from the error.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput withAsterisk aria-invalid={props.error ? true : undefined} {...props} />;
}
