import { AppError, DEFAULT_TIME_ZONE, INPUT_LIMITS, isSignInProvider } from '@pauta/core';
import { emailAddressSchema } from '@pauta/core/schemas/auth';
import { findProfile, setProfileTimeZone } from '@pauta/db';
import { connectPlatformOf } from '@pauta/networks';
import { z } from 'zod';
import { completeConnection } from '../accounts/connect.service.js';
import { signIn, signUp } from '../auth/auth.service.js';
import { clearCookie, readCookie, setDeviceCookie, setSessionCookie } from '../auth/cookies.js';
import { DEVICE_COOKIE_MAX_AGE_S, deviceIdOf, issueDeviceCookie } from '../auth/device-cookie.js';
import { oauthProvider } from '../auth/oauth-providers.js';
import { fetchOAuthIdentity, resolveOAuthUser } from '../auth/oauth-signin.service.js';
import { decodeAttempt, type OAuthAttempt, sameState, spendAttempt } from '../auth/oauth-state.js';
import { isPasswordResetTokenUsable, requestPasswordReset, resetPassword } from '../auth/password-reset.js';
import { countFailure, loginKeys, secondsBlocked } from '../auth/rate-limit.js';
import { createSession, invalidateSession } from '../auth/session.js';
import { redeemSignInLinkToken, SIGNIN_LINK_EMAIL_LIMIT, sendSignInLinkEmail } from '../auth/signin-link.js';
import { sendSignUpExistingAccountEmail, sendWelcomeEmail } from '../email/notifications.js';
import { hasAnyTheme } from '../themes/themes.service.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { authedProcedure, type Context, publicProcedure, router } from './trpc.js';

/** The same email schema the sign-up and reset forms validate with. */
const email = emailAddressSchema;
const password = z
  .string()
  .min(1)
  .max(INPUT_LIMITS.passwordMax * 4);
const name = z.string().trim().max(INPUT_LIMITS.firstName);
export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'fuso horário inválido');

/**
 * After any successful sign-in (password, social, reset link): this browser becomes a known device
 * of the user (device-cookie.ts), keeping its id when it had a cookie already.
 */
function rememberDevice(ctx: Context, userId: string, deviceId?: string | null): void {
  if (!ctx.res) return;
  const id = deviceId ?? deviceIdOf(ctx.req ? readCookie(ctx.req, ctx.cookies.device) : undefined);
  const value = issueDeviceCookie(ctx.deps.env.keyring, userId, id);
  setDeviceCookie(ctx.res, ctx.cookies, value, DEVICE_COOKIE_MAX_AGE_S);
}

const SIGNED_IN = { ok: true, checkEmail: false } as const;
/** "Se a senha estiver correta, enviamos um link de acesso para o seu email." */
const CHECK_EMAIL = { ok: false, checkEmail: true } as const;

/** The sign-in link email, at most 3 per account in 15 minutes (more are silently not sent). */
async function emailSignInLink(
  ctx: Context,
  user: { id: string; email: string; passwordHash: string | null },
): Promise<void> {
  try {
    const key = loginKeys.linkEmail(user.email);
    if ((await secondsBlocked(ctx.deps.db, key)) > 0) return;
    await countFailure(ctx.deps.db, key, SIGNIN_LINK_EMAIL_LIMIT);
    await sendSignInLinkEmail(ctx.deps, user);
  } catch (error) {
    ctx.deps.logger.warn({ err: error, userId: user.id }, 'link de acesso não enviado');
  }
}

/**
 * The second half of an account connection (Contas Conectadas): only for the user who started
 * the attempt (O3) — a callback under another session writes nothing.
 */
async function completeConnect(
  ctx: Context,
  attempt: OAuthAttempt,
  code: string,
): Promise<{ redirectTo: string }> {
  if (!ctx.user || attempt.userId === null || ctx.user.id !== attempt.userId) {
    ctx.deps.logger.warn(
      { requestId: ctx.requestId, provider: attempt.provider, userId: ctx.user?.id ?? null },
      'retorno de conexão de conta sob outra sessão',
    );
    throw new AppError('OAUTH_FAILED');
  }
  const platform = connectPlatformOf(attempt.provider);
  if (!platform) throw new AppError('OAUTH_FAILED');
  // The workspace the attempt started in, checked again from its row (docs/workspaces.md): a person
  // removed meanwhile, or no longer allowed to connect accounts there, connects nothing.
  const workspace = await resolveWorkspace(ctx.deps, {
    userId: ctx.user.id,
    requested: attempt.workspaceId ?? null,
    action: 'accounts.write',
    readOnly: false,
  });
  return completeConnection(ctx.deps, {
    userId: ctx.user.id,
    workspaceId: workspace.id,
    platform,
    provider: attempt.provider,
    code,
    verifier: attempt.verifier,
    ...(attempt.instance === undefined ? {} : { instance: attempt.instance }),
    // From the signed attempt only ("Conectar outra conta"); a Conectar or Reconectar never adds one.
    another: attempt.intent === 'another',
    requestId: ctx.requestId,
  });
}

export const authRouter = router({
  /** The first session answer the app waits for (spec §2.3 "Carregando..."). */
  session: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return { user: null };
    const [profile, hasThemes] = await Promise.all([
      findProfile(ctx.deps.db, ctx.user.id),
      // Themes of the person's personal workspace (its id is theirs; docs/workspaces.md).
      hasAnyTheme(ctx.deps.db, ctx.user.id).catch(() => null),
    ]);
    return {
      user: {
        id: ctx.user.id,
        email: ctx.user.email,
        firstName: profile?.first_name ?? null,
        lastName: profile?.last_name ?? null,
        timezone: profile?.timezone ?? DEFAULT_TIME_ZONE,
      },
      /** null when the check failed: the spec sends the user to the create view then. */
      hasThemes,
    };
  }),

  /** Spec §6: decided on the server from the database, every time. */
  adminCheck: authedProcedure.query(async ({ ctx }) => ({
    isAdmin: await ctx.deps.roles.isAdmin(ctx.user.id),
  })),

  signUp: publicProcedure
    .input(
      z.strictObject({
        email,
        password,
        firstName: name.optional(),
        lastName: name.optional(),
        timezone: timeZone.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      try {
        const result = await signUp(ctx.deps.db, input, ctx.ip);
        // The same answer for a new and a known email (A9): no session here (the client signs in
        // next, through auth.signIn), and the emails go out after answering.
        if (result.created) {
          const user = result.created;
          ctx.deps.logger.info({ userId: user.id, requestId: ctx.requestId }, 'conta criada');
          // Never fails the sign-up: errors are logged inside.
          void sendWelcomeEmail(ctx.deps, { ...user, firstName: input.firstName?.trim() || null });
        } else {
          ctx.deps.logger.info(
            { userId: result.existing.id, requestId: ctx.requestId },
            'cadastro com email já cadastrado',
          );
          void sendSignUpExistingAccountEmail(ctx.deps, result.existing);
        }
        return { ok: true as const };
      } catch (error) {
        ctx.deps.logger.warn(
          { requestId: ctx.requestId, reason: (error as Error).message },
          'cadastro recusado',
        );
        throw error;
      }
    }),

  signIn: publicProcedure
    .meta({
      access: 'public',
      idempotencyExempt:
        'creates only a session whose one handle is the cookie of its own answer; a repeat makes another ' +
        'session and the newest cookie wins (nothing a person sees is doubled), a stored answer could ' +
        'not carry that cookie, and every attempt must count against the sign-in limits',
    })
    .input(z.strictObject({ email, password, rememberMe: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => {
      try {
        const outcome = await signIn(ctx.deps.db, input, ctx.ip, {
          cookie: ctx.req ? readCookie(ctx.req, ctx.cookies.device) : undefined,
          keyring: ctx.deps.env.keyring,
        });
        if (outcome.kind === 'checkEmail') {
          // Under attack, an unknown browser: the same answer for a right and a wrong password;
          // the link is emailed after answering (no timing difference either).
          if (outcome.sendLinkTo) void emailSignInLink(ctx, outcome.sendLinkTo);
          ctx.deps.logger.warn({ requestId: ctx.requestId, ip: ctx.ip }, 'login sob ataque: link por email');
          return CHECK_EMAIL;
        }
        // A fresh session on every sign-in; a planted cookie is never reused (A3).
        if (ctx.user) await invalidateSession(ctx.deps.db, ctx.user.sessionId, ctx.deps.cache);
        const session = await createSession(ctx.deps.db, outcome.id, { persistent: input.rememberMe });
        if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, input.rememberMe);
        rememberDevice(ctx, outcome.id, outcome.deviceId);
        return SIGNED_IN;
      } catch (error) {
        ctx.deps.logger.warn(
          { requestId: ctx.requestId, ip: ctx.ip, reason: (error as Error).message },
          'login recusado',
        );
        throw error;
      }
    }),

  /**
   * The emailed sign-in link's page (/auth/link?token=…): a valid, unexpired, unused link whose
   * password is still current signs this browser in (a browser session) and makes it a known
   * device of the account. Spent on first use.
   */
  signInWithLink: publicProcedure
    .input(z.strictObject({ token: z.string().min(1).max(600) }))
    .mutation(async ({ ctx, input }) => {
      const user = await redeemSignInLinkToken(ctx.deps.db, ctx.deps.env.keyring, input.token).catch(
        (error: unknown) => {
          ctx.deps.logger.warn({ requestId: ctx.requestId, ip: ctx.ip }, 'link de acesso inválido');
          throw error;
        },
      );
      if (ctx.user) await invalidateSession(ctx.deps.db, ctx.user.sessionId, ctx.deps.cache).catch(() => {});
      const session = await createSession(ctx.deps.db, user.userId, { persistent: false });
      if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, false);
      rememberDevice(ctx, user.userId);
      ctx.deps.logger.info({ userId: user.userId, requestId: ctx.requestId }, 'login por link de email');
      return { ok: true as const };
    }),

  /**
   * The second half of a social sign-in, called by /auth/callback: the state must match this
   * browser's attempt cookie (single use, 10 minutes), then the code is exchanged (PKCE where
   * the provider supports it) and the user signed in.
   */
  completeOAuth: publicProcedure
    .input(
      z.strictObject({
        code: z.string().min(1).max(2048),
        state: z.string().min(1).max(256),
        timezone: timeZone.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const attempt = decodeAttempt(
        ctx.deps.env.keyring,
        ctx.req ? readCookie(ctx.req, ctx.cookies.oauth) : undefined,
      );
      // Single use: whatever happens next, this attempt is spent — in this browser (the cookie
      // is cleared) and on the server (a replayed cookie and state, anywhere, is refused: O1).
      if (ctx.res) clearCookie(ctx.res, ctx.cookies, ctx.cookies.oauth);
      if (!attempt || !sameState(attempt.state, input.state)) {
        ctx.deps.logger.warn({ requestId: ctx.requestId }, 'retorno OAuth com state ausente ou divergente');
        throw new AppError('OAUTH_FAILED');
      }
      if (!(await spendAttempt(ctx.deps.db, attempt))) {
        ctx.deps.logger.warn({ requestId: ctx.requestId }, 'retorno OAuth repetido (state já usado)');
        throw new AppError('OAUTH_FAILED');
      }
      if (attempt.purpose === 'connect') return completeConnect(ctx, attempt, input.code);
      // Connect-only clients (X, Instagram) never sign anyone in.
      if (!isSignInProvider(attempt.provider)) throw new AppError('OAUTH_FAILED');
      const provider = oauthProvider(ctx.deps.env, attempt.provider, 'signIn');
      if (!provider) throw new AppError('PLATFORM_NOT_CONFIGURED');
      const info = await fetchOAuthIdentity(ctx.deps, provider, {
        provider: attempt.provider,
        code: input.code,
        verifier: attempt.verifier,
        requestId: ctx.requestId,
      });
      const user = await resolveOAuthUser(ctx.deps.db, attempt.provider, info, input.timezone);
      if (user.created) await sendWelcomeEmail(ctx.deps, { ...user, firstName: info.firstName ?? null });
      if (ctx.user) await invalidateSession(ctx.deps.db, ctx.user.sessionId, ctx.deps.cache);
      const session = await createSession(ctx.deps.db, user.id, { persistent: true });
      if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, true);
      rememberDevice(ctx, user.id);
      ctx.deps.logger.info(
        { userId: user.id, provider: attempt.provider, created: user.created },
        'login social',
      );
      return { redirectTo: '/' };
    }),

  /**
   * 'Esqueceu sua senha?': the same answer whether or not the email has an account; the link is
   * emailed in the background. Limited per IP (429) and per email (silently not sent).
   */
  requestPasswordReset: publicProcedure.input(z.strictObject({ email })).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.deps, { email: input.email, ip: ctx.ip });
    return { ok: true as const };
  }),

  /** The link's page asks when it opens whether the token can still be used (nothing is spent). */
  checkResetToken: publicProcedure
    .input(z.strictObject({ token: z.string().min(1).max(200) }))
    .query(async ({ ctx, input }) => ({ usable: await isPasswordResetTokenUsable(ctx.deps, input.token) })),

  /**
   * The link's page: a valid, unused, unexpired token and a strong password set the new password,
   * end every session of the user and sign them in here with a new browser session.
   */
  resetPassword: publicProcedure
    .input(z.strictObject({ token: z.string().min(1).max(200), password }))
    .mutation(async ({ ctx, input }) => {
      const user = await resetPassword(ctx.deps, { ...input, requestId: ctx.requestId, ip: ctx.ip });
      if (ctx.user) await invalidateSession(ctx.deps.db, ctx.user.sessionId, ctx.deps.cache).catch(() => {});
      const session = await createSession(ctx.deps.db, user.userId, { persistent: false });
      if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, false);
      rememberDevice(ctx, user.userId);
      ctx.deps.logger.info({ userId: user.userId, requestId: ctx.requestId }, 'senha redefinida');
      return { ok: true as const };
    }),

  /** Configurações → Fuso horário (issue 30): every shown and scheduled time follows it. Setting the same zone again changes nothing. */
  setTimeZone: authedProcedure.input(z.strictObject({ timeZone })).mutation(async ({ ctx, input }) => {
    const stored = await setProfileTimeZone(ctx.deps.db, ctx.user.id, input.timeZone);
    if (!stored) throw new AppError('NOT_FOUND');
    return { timezone: stored };
  }),

  signOut: authedProcedure
    .meta({
      access: 'user',
      idempotencyExempt:
        'ends the caller’s session: ending it twice is ending it once (a repeat answers UNAUTHORIZED, ' +
        'which the client treats as signed out)',
    })
    .mutation(async ({ ctx }) => {
      await invalidateSession(ctx.deps.db, ctx.user.sessionId, ctx.deps.cache);
      if (ctx.res) clearCookie(ctx.res, ctx.cookies, ctx.cookies.session);
      return { ok: true as const };
    }),
});
