// The sign-in, sign-up and password-reset forms' schemas: the client validates with them (its
// messages are the spec's pt-BR texts) and the server's email field is the same schema.
// zod/mini (the same checks as zod's classic API, as functions): only the checks used here reach
// the /auth page's chunk, not all of zod's classic methods (~28 kB of brotli on a phone's first
// visit, issue 29). A mini schema is a zod schema: the server's classic objects take it.
import { z } from 'zod/mini';
import { INPUT_LIMITS } from '../constants/limits.js';
import { messages } from '../messages/messages.js';

const text = messages.auth;

/** An email address as the server accepts it: trimmed, at most 254 characters, well formed. */
export const emailAddressSchema = z.pipe(
  z
    .string()
    .check(z.trim(), z.minLength(1, text.invalidEmail), z.maxLength(INPUT_LIMITS.email, text.invalidEmail)),
  z.email(text.invalidEmail),
);

/** Spec §5: an empty required field says 'Por favor, preencha todos os campos.'. */
const requiredText = z.string().check(z.trim(), z.minLength(1, text.fillAllFields));
const requiredPassword = z.string().check(z.minLength(1, text.fillAllFields));
const requiredEmail = z.pipe(requiredText, z.email(text.invalidEmail));
const optionalName = z.string().check(z.trim(), z.maxLength(INPUT_LIMITS.firstName));

/** Fazer login: email and password are required (the server says whether they match). */
export const signInFormSchema = z.object({
  email: requiredText,
  password: requiredPassword,
  rememberMe: z.boolean(),
});

/** Criar conta: names optional; email, password and its confirmation required, and equal. */
export const signUpFormSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    email: requiredEmail,
    password: requiredPassword,
    confirmPassword: requiredPassword,
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: text.passwordsDontMatch,
      path: ['confirmPassword'],
    }),
  );

/** Recuperar senha: the account's email. */
export const resetRequestFormSchema = z.object({ email: emailAddressSchema });

/** Nova senha: both fields required, and equal. */
export const newPasswordFormSchema = z
  .object({ password: requiredPassword, confirm: requiredPassword })
  .check(
    z.refine((values) => values.password === values.confirm, {
      message: text.passwordsDontMatch,
      path: ['confirm'],
    }),
  );

export type SignInForm = z.input<typeof signInFormSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
