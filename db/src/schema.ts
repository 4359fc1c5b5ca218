// The Database interface Kysely checks every query against. Hand-written to match
// db/migrations; a migration that changes a table changes this file in the same commit.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read as parsed JSON, written as JSON text or a value. */
type Json<T> = ColumnType<T, T | string, T | string>;

export type Platform = 'linkedin' | 'facebook' | 'x' | 'instagram';
export type PostStatus = 'scheduled' | 'publishing' | 'published' | 'failed' | 'needs_attention' | 'missed';
export type Frequency = 'daily' | 'weekly' | 'monthly';
export type Role = 'admin' | 'user';
export type SignInProvider = 'google' | 'facebook' | 'linkedin';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  created_at: Generated<Date>;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  secret_hash: Uint8Array;
  persistent: Generated<boolean>;
  created_at: Generated<Date>;
  last_verified_at: Generated<Date>;
}

export interface OAuthIdentitiesTable {
  provider: SignInProvider;
  provider_user_id: string;
  user_id: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface ProfilesTable {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  timezone: Generated<string>;
  created_at: Generated<Date>;
}

export interface UserRolesTable {
  id: Generated<string>;
  user_id: string;
  role: Role;
}

export interface ThemesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: string;
  tone_of_voice: Generated<string[]>;
  avoid_topics: Generated<string[]>;
  social_networks: Platform[];
  frequency: Generated<Frequency>;
  color_palette: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SuggestedPostsTable {
  id: Generated<string>;
  theme_id: string;
  user_id: string;
  title: string;
  content: string;
  platform: Platform;
  post_order: Generated<number>;
  scheduled_for: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  is_used: Generated<boolean>;
  status: Generated<PostStatus>;
  version: Generated<number>;
  attempts: Generated<number>;
  claimed_at: NullableTimestamp;
  send_started_at: NullableTimestamp;
  /** The uuid of the current claim (docs/publishing.md); null while scheduled. */
  claim_token: string | null;
  next_attempt_at: NullableTimestamp;
  last_error: string | null;
  last_error_location: string | null;
}

export interface AccountData {
  followers?: number | null;
  email?: string | null;
  provider?: string;
  connected_at?: string;
  name?: string | null;
  avatar_url?: string | null;
  page_name?: string | null;
  scopes?: string[];
}

export interface ConnectedAccountsTable {
  id: Generated<string>;
  user_id: string;
  platform: Platform;
  platform_user_id: string;
  platform_username: string | null;
  /** Sealed (db/src/crypto.ts); only the accounts repository unseals it. */
  access_token: string;
  /** Sealed; never overwritten with an empty value. */
  refresh_token: string | null;
  access_token_expires_at: NullableTimestamp;
  account_data: ColumnType<AccountData, AccountData | string | undefined, AccountData | string>;
  status: Generated<'active' | 'needs_reconnect'>;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A Page the user may pick (no token: the Page token is fetched again at selection). */
export interface PendingPage {
  id: string;
  name: string;
}

/** What a pending connection remembers about the user besides the sealed token. */
export interface PendingProfile {
  email?: string | null;
  name?: string | null;
  scopes?: string[];
}

export interface PendingConnectionsTable {
  id: string;
  user_id: string;
  platform: 'facebook';
  /** Sealed long-lived user token (AAD `pending_connections:<id>:sealed_user_token`). */
  sealed_user_token: string;
  pages: ColumnType<PendingPage[], PendingPage[] | string, PendingPage[] | string>;
  profile: ColumnType<PendingProfile, PendingProfile | string | undefined, PendingProfile | string>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface PublishedPostsTable {
  id: Generated<string>;
  user_id: string;
  theme_id: string | null;
  suggested_post_id: string | null;
  connected_account_id: string | null;
  title: string;
  content: string;
  platform: Platform;
  platform_post_id: string | null;
  url: string | null;
  published_at: Generated<Date>;
  /** numeric comes back from pg as a string. */
  engagement_rate: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  reach: number | null;
  likes_count: number | null;
  comments_count: number | null;
  metrics_updated_at: NullableTimestamp;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  template_name: string;
  subject: string;
  html_content: string;
  variables: ColumnType<
    Record<string, string>,
    Record<string, string> | string | undefined,
    Record<string, string> | string
  >;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PublishingLogsTable {
  id: Generated<string>;
  user_id: string | null;
  suggested_post_id: string | null;
  attempt: Generated<number>;
  status: 'success' | 'error';
  title: string;
  content: string;
  platform: Platform;
  scheduled_for: NullableTimestamp;
  attempted_at: Generated<Date>;
  image_url: string | null;
  platform_post_id: string | null;
  error_message: string | null;
  error_location: string | null;
}

export type SettingValue = boolean | number | string | null | Record<string, unknown> | unknown[];

export interface AdminSettingsTable {
  id: Generated<string>;
  setting_key: string;
  setting_value: Json<SettingValue>;
  description: string | null;
  updated_at: Generated<Date>;
}

export interface DataDeletionRequestsTable {
  id: Generated<string>;
  user_id: string | null;
  email: string | null;
  reason: string;
  status: Generated<'pending' | 'completed' | 'rejected'>;
  created_at: Generated<Date>;
  processed_at: NullableTimestamp;
  /** When the owner was proven (signed in, or the emailed link); never completed without it. */
  confirmed_at: NullableTimestamp;
  confirmed_by: 'session' | 'email' | null;
  /** The emailed confirmation link `<id>.<secret>`: only SHA-256 of the secret is kept. */
  confirm_token_id: string | null;
  confirm_secret_hash: Uint8Array | null;
  confirm_expires_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  secret_hash: Uint8Array;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  template_name: string | null;
  subject: string;
  html: string;
  status: Generated<'pending' | 'sent' | 'stored' | 'failed'>;
  error: string | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  /** Token-bearing links of the message, sealed until the sender used them (then null). */
  sealed_secrets: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: Generated<number>;
  window_started_at: Generated<Date>;
  blocked_until: NullableTimestamp;
}

/** One user action that changes something (docs/idempotency.md). */
export interface IdempotencyKeysTable {
  /** null: a public procedure (sign-up, password reset, the deletion form): one anonymous scope. */
  user_id: string | null;
  key: string;
  procedure: string;
  fingerprint: string;
  claim_id: string;
  state: 'in_progress' | 'done';
  /** superjson.serialize() of the result, once done. */
  response: Json<unknown>;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  oauth_identities: OAuthIdentitiesTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  themes: ThemesTable;
  suggested_posts: SuggestedPostsTable;
  connected_accounts: ConnectedAccountsTable;
  pending_connections: PendingConnectionsTable;
  published_posts: PublishedPostsTable;
  email_templates: EmailTemplatesTable;
  publishing_logs: PublishingLogsTable;
  admin_settings: AdminSettingsTable;
  data_deletion_requests: DataDeletionRequestsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type Theme = Selectable<ThemesTable>;
export type NewTheme = Insertable<ThemesTable>;
export type SuggestedPost = Selectable<SuggestedPostsTable>;
export type NewSuggestedPost = Insertable<SuggestedPostsTable>;
export type SuggestedPostUpdate = Updateable<SuggestedPostsTable>;
export type ConnectedAccount = Selectable<ConnectedAccountsTable>;
export type PublishedPost = Selectable<PublishedPostsTable>;
export type Profile = Selectable<ProfilesTable>;
export type User = Selectable<UsersTable>;
export type PublishingLog = Selectable<PublishingLogsTable>;
export type EmailTemplate = Selectable<EmailTemplatesTable>;
export type AdminSetting = Selectable<AdminSettingsTable>;
