export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** A user without a user_roles row counts as a regular user (spec §4). */
export const DEFAULT_ROLE: Role = 'user';

export const ROLE_LABELS = {
  admin: 'Admin',
  user: 'Usuário',
} as const satisfies Record<Role, string>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
