import { Button, Stack } from '@mantine/core';
import type { SignInProvider } from '@pauta/core';
import { messages, SIGN_IN_PROVIDER_LABELS, SIGN_IN_PROVIDERS } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import { IconBrandFacebook, IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { browserNavigation, rememberOAuthProvider, signInStartUrl } from '../../lib/oauth';
import { showInfo } from '../../lib/toast';

const ICONS: Record<SignInProvider, Icon> = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
  linkedin: IconBrandLinkedin,
};

/**
 * The three social sign-in buttons (spec §2.2): the pressed one says 'Conectando...' and all three
 * are disabled until the browser leaves for the provider.
 */
export function SocialButtons() {
  const [pending, setPending] = useState<SignInProvider | null>(null);

  // Back from the provider's page may restore this page from the back/forward cache.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const start = (provider: SignInProvider) => {
    const label = SIGN_IN_PROVIDER_LABELS[provider];
    setPending(provider);
    rememberOAuthProvider(label);
    showInfo(messages.auth.redirectingTitle, messages.auth.redirecting(label));
    browserNavigation.assign(signInStartUrl(provider));
  };

  return (
    <Stack gap="sm" role="group" aria-label={messages.auth.socialProviders}>
      {SIGN_IN_PROVIDERS.map((provider) => {
        const ProviderIcon = ICONS[provider];
        const label = SIGN_IN_PROVIDER_LABELS[provider];
        return (
          <Button
            key={provider}
            variant="default"
            size="md"
            fullWidth
            disabled={pending !== null}
            onClick={() => start(provider)}
            leftSection={<ProviderIcon size={20} stroke={1.7} aria-hidden />}
          >
            {pending === provider ? messages.auth.connecting : messages.auth.continueWith(label)}
          </Button>
        );
      })}
    </Stack>
  );
}
