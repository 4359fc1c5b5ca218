// The sign-in, sign-up and password-reset forms' schemas: the client validates with them (its
// messages are the spec's pt-BR texts) and the server's email field is the same schema.
import { z } from 'zod';
import { INPUT_LIMITS } from '../constants/limits.js';
import { messages } from '../messages/messages.js';

const text = messages.auth;

/** An email address as the server accepts it: trimmed, at most 254 characters, well formed. */
export const emailAddressSchema = z
  .string()
  .trim()
  .min(1, text.invalidEmail)
  .max(INPUT_LIMITS.email, text.invalidEmail)
  .pipe(z.email(text.invalidEmail));

/** Spec §5: an empty required field says 'Por favor, preencha todos os campos.'. */
const requiredText = z.string().trim().min(1, text.fillAllFields);
const requiredPassword = z.string().min(1, text.fillAllFields);
const requiredEmail = requiredText.pipe(z.email(text.invalidEmail));
const optionalName = z.string().trim().max(INPUT_LIMITS.firstName);

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
  .refine((values) => values.password === values.confirmPassword, {
    message: text.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** Recuperar senha: the account's email. */
export const resetRequestFormSchema = z.object({ email: emailAddressSchema });

/** Nova senha: both fields required, and equal. */
export const newPasswordFormSchema = z
  .object({ password: requiredPassword, confirm: requiredPassword })
  .refine((values) => values.password === values.confirm, {
    message: text.passwordsDontMatch,
    path: ['confirm'],
  });

export type SignInForm = z.input<typeof signInFormSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
