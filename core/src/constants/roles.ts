/** Roles of user_roles; a user without a row counts as a regular user (spec §4). */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS = {
  admin: 'Admin',
  user: 'Usuário',
} as const satisfies Record<Role, string>;
