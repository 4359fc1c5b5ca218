import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.js';
import { emailAddressSchema, newPasswordFormSchema, signInFormSchema, signUpFormSchema } from './auth.js';

const text = messages.auth;

/** The first message per field, as the form shows them. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('auth form schemas', () => {
  it('sign-in asks for email and password with the spec text, and trims the email', () => {
    expect(errorsOf(signInFormSchema.safeParse({ email: ' ', password: '', rememberMe: false }))).toEqual({
      email: text.fillAllFields,
      password: text.fillAllFields,
    });
    expect(signInFormSchema.parse({ email: ' ana@example.com ', password: ' x ', rememberMe: true })).toEqual(
      {
        email: 'ana@example.com',
        password: ' x ',
        rememberMe: true,
      },
    );
  });

  it('sign-up says an empty confirmation before the mismatch, and the mismatch on the confirmation', () => {
    const base = { firstName: '', lastName: '', email: 'ana@example.com', password: 'uma senha longa' };
    expect(errorsOf(signUpFormSchema.safeParse({ ...base, confirmPassword: '' }))).toEqual({
      confirmPassword: text.fillAllFields,
    });
    expect(errorsOf(signUpFormSchema.safeParse({ ...base, confirmPassword: 'outra' }))).toEqual({
      confirmPassword: text.passwordsDontMatch,
    });
    expect(
      errorsOf(signUpFormSchema.safeParse({ ...base, email: 'ana@', confirmPassword: base.password })),
    ).toEqual({ email: text.invalidEmail });
    expect(
      signUpFormSchema.parse({ ...base, firstName: ' Ana ', confirmPassword: base.password }).firstName,
    ).toBe('Ana');
  });

  it('the new password must be given twice, equal', () => {
    expect(errorsOf(newPasswordFormSchema.safeParse({ password: 'a', confirm: 'b' }))).toEqual({
      confirm: text.passwordsDontMatch,
    });
    expect(newPasswordFormSchema.safeParse({ password: 'a', confirm: 'a' }).success).toBe(true);
  });

  it('the email schema (also the server field) refuses malformed and over-long addresses', () => {
    expect(emailAddressSchema.parse(' ana@example.com ')).toBe('ana@example.com');
    for (const bad of ['', 'ana', 'ana@', `${'a'.repeat(250)}@example.com`])
      expect(errorsOf(emailAddressSchema.safeParse(bad))).toEqual({ '': text.invalidEmail });
  });
});
