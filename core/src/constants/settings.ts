/**
 * Keys of the system settings (admin_settings.setting_key) that the code reads; an administrator
 * may add others (free text or JSON), which nothing reads. Seeded by the initial migration.
 */
export const SETTING_KEYS = {
  /** boolean: send the notification emails (welcome, publication failed). Default true. */
  emailNotificationsEnabled: 'email_notifications_enabled',
  /** integer in MAX_THEMES_PER_USER_RANGE: themes one workspace may have (the key keeps its name). Default MAX_THEMES_PER_USER_DEFAULT. */
  maxThemesPerUser: 'max_themes_per_user',
  /** integer in MAX_WORKSPACES_PER_USER_RANGE: workspaces one person may create besides their personal one. Default MAX_WORKSPACES_PER_USER_DEFAULT. */
  maxWorkspacesPerUser: 'max_workspaces_per_user',
  /**
   * JSON `{ "<platform>": { month, day, scope } }`: the networks whose budget an administrator
   * changed (docs/budgets.md); a network absent keeps its descriptor's default. Default `{}`.
   */
  networkBudgets: 'network_budgets',
  /**
   * boolean: webhooks may be sent to private, loopback and link-local addresses (an intranet's
   * receiver; tests). Default false: such addresses are refused (docs/webhooks.md, SSRF).
   */
  webhooksAllowPrivateAddresses: 'webhooks_allow_private_addresses',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The values an administrator may give max_themes_per_user. */
export const MAX_THEMES_PER_USER_RANGE = { min: 1, max: 1000 } as const;

/** The values an administrator may give max_workspaces_per_user. */
export const MAX_WORKSPACES_PER_USER_RANGE = { min: 1, max: 1000 } as const;
export const MAX_WORKSPACES_PER_USER_DEFAULT = 20;
