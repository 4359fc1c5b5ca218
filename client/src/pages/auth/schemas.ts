// The auth forms' zod schemas (core/schemas/auth), downloaded on demand: zod is ~28 kB of brotli,
// more than everything else on /auth but React, and nothing needs it before the first submit.
// The download starts when the person first focuses the form (`onFocus={preloadAuthSchemas}`,
// seconds before a submit); a submit that beats it waits for it (issue 29; docs/performance.md).
import { schemaResolver } from '@mantine/form';
import { messages } from '@pauta/core';
import type { FormEvent } from 'react';
import { showError } from '../../lib/toast';

export type AuthSchemas = typeof import('@pauta/core/schemas/auth');
type Schema = Parameters<typeof schemaResolver>[0];

let loaded: AuthSchemas | null = null;
let loading: Promise<AuthSchemas> | null = null;

/** Starts (or joins) the download; a failed one is tried again by the next call. */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@pauta/core/schemas/auth').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A form's `onFocus`: starts the download (a failure is tried again, and reported, at submit). */
export function preloadAuthSchemas(): void {
  if (!loaded) void loadAuthSchemas().catch(() => undefined);
}

/** The schemas, once downloaded (a form's submit handler runs only after they are). */
export function authSchemas(): AuthSchemas {
  if (!loaded) throw new Error('auth schemas not loaded yet');
  return loaded;
}

/** Mantine's `validate` through a schema of core/schemas/auth; no errors until it is here. */
export function lazySchemaResolver(pick: (schemas: AuthSchemas) => Schema) {
  return (values: unknown) => (loaded ? schemaResolver(pick(loaded), { sync: true })(values) : {});
}

/**
 * A form's `onSubmit`: at once when the schemas are here (the form's first focus started their
 * download); otherwise after they arrive, or a network error toast if they cannot.
 */
export function submitWithSchemas(submit: (event?: FormEvent<HTMLFormElement>) => void) {
  return (event?: FormEvent<HTMLFormElement>) => {
    if (loaded) {
      submit(event);
      return;
    }
    event?.preventDefault();
    loadAuthSchemas().then(
      () => submit(),
      () => showError(messages.common.error, messages.errors.network, { id: 'auth-schemas' }),
    );
  };
}
