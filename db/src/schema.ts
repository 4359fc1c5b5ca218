// The Database interface Kysely checks every query against. Hand-written to match
// db/migrations; a migration that changes a table changes this file in the same commit.
// The stored value sets (platforms, statuses, frequencies, roles) are core's vocabulary.
import type {
  AccountStatus,
  AccountStatusReason,
  ApprovalActor,
  ApprovalStage,
  DeletionRequestStatus,
  Frequency,
  MediaMimeType,
  Platform,
  PostStatus,
  PublishingLogStatus,
  Role,
  SignInProvider,
  VideoContainer,
  VideoFacts,
  VideoMimeType,
  WebhookSubscriptionStatus,
  WorkspaceRole,
} from '@pauta/core';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read as parsed JSON, written as JSON text or a value. */
type Json<T> = ColumnType<T, T | string, T | string>;

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
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
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
  /** Posts need approval before the worker may publish them (docs/approval.md). */
  requires_approval: Generated<boolean>;
  /** New posts go out at each network's best hour instead of 10:00 (docs/best-time.md). */
  use_best_time: Generated<boolean>;
  /** New posts fill the posting queue's free slots instead of 10:00 (docs/posting-queue.md). */
  use_queue: Generated<boolean>;
  /** Commemorative date keys picked for the theme, 'black-friday-2026' (docs/commemorative-dates.md). */
  commemorative_dates: Generated<string[]>;
}

export interface SuggestedPostsTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
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
  /** The claim token an outcome lookup last ran for and could not tell (docs/publishing.md). */
  outcome_checked_token: string | null;
  /** When the network was last asked about this post's unknown outcome. */
  outcome_looked_up_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  last_error: string | null;
  last_error_location: string | null;
  /** pt-BR explanation from the network's error table; null = the core message of last_error. */
  last_error_message: Generated<string | null>;
  /** NULL: the theme does not require approval; else the post's stage (docs/approval.md). */
  approval_stage: Generated<ApprovalStage | null>;
  /** The scheduled time for which the owner was told it passed unapproved. */
  approval_overdue_for: Generated<Date | null>;
  /**
   * What the post chose on its network (docs/post-options.md): its profile's `postOptions` keys,
   * validated before written; {} = the network's defaults.
   */
  /** The account whose queue slot the post took (docs/posting-queue.md); null = not queued. */
  queue_account_id: Generated<string | null>;
  /**
   * The account the post goes out from (docs/workspaces.md "Several accounts of one network");
   * null = the workspace's only active account of the network (db resolvePostAccount). Filled by
   * a trigger when omitted and the network has exactly one active account.
   */
  connected_account_id: Generated<string | null>;
  network_options: ColumnType<
    PostOptionValuesJson,
    PostOptionValuesJson | string | undefined,
    PostOptionValuesJson | string
  >;
  /** The first comment's text (docs/first-comment.md); null = none. */
  first_comment: Generated<string | null>;
  /** null exactly when there is no first comment. */
  first_comment_status: Generated<FirstCommentStatus | null>;
  /** The network's comment (or reply) id once published. */
  first_comment_id: Generated<string | null>;
  first_comment_attempts: Generated<number>;
  /** What the person is told about the comment (pt-BR), when it failed or is unknown. */
  first_comment_error: Generated<string | null>;
  /** The uuid of the comment's current claim (its fence). */
  first_comment_token: Generated<string | null>;
  first_comment_claimed_at: Generated<Date | null>;
  /** Set right before the comment's request left; null: this claim sent nothing. */
  first_comment_sent_at: Generated<Date | null>;
  /** A pending comment is not sent before this (a retry's backoff). */
  first_comment_next_at: Generated<Date | null>;
  /** The composer's group (docs/composer.md): the same uuid on each network's post of one save; NULL alone. */
  group_id: Generated<string | null>;
  /** The repetition this post belongs to (docs/recurring-posts.md); null with series_occurrence. */
  series_id: Generated<string | null>;
  /** 1 = the post the repetition was set on; n = the n-th publication of the series. */
  series_occurrence: Generated<number | null>;
}

/** A repetition of a post (docs/recurring-posts.md, migration 2026-11-30T06-20-recurring-posts). */
export interface PostSeriesTable {
  id: Generated<string>;
  workspace_id: string;
  kind: 'days' | 'weeks' | 'evergreen';
  interval_count: number;
  /** Stop after this many publications; null when the series stops at until_date. */
  max_occurrences: number | null;
  /** Last local date (YYYY-MM-DD in time_zone, inclusive); null when max_occurrences is set. */
  until_date: ColumnType<string | null, string | null, string | null>;
  time_zone: string;
  /** The owner's "Parar repetição". */
  stopped_at: NullableTimestamp;
  /** The stop rule was reached (the worker). */
  ended_at: NullableTimestamp;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type FirstCommentStatus = 'pending' | 'sending' | 'published' | 'failed' | 'unknown';

/** `suggested_posts.network_options`: @pauta/networks' PostOptionValues, as the JSON column holds it. */
export type PostOptionValuesJson = Record<string, string | boolean | null>;

export interface PostStageEventsTable {
  id: Generated<number>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  post_id: string;
  user_id: string;
  actor: ApprovalActor;
  actor_user_id: string | null;
  actor_label: string | null;
  from_stage: ApprovalStage | null;
  to_stage: ApprovalStage | null;
  reason: string | null;
  created_at: Generated<Date>;
}

export interface PostCommentsTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  post_id: string;
  user_id: string;
  actor: 'owner' | 'client';
  actor_user_id: string | null;
  actor_label: string | null;
  body: string;
  mentions: Generated<string[]>;
  created_at: Generated<Date>;
}

/** A client approval link (docs/approval.md): only the SHA-256 of its token is stored. */
export interface ClientApprovalLinksTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  user_id: string;
  token_hash: Uint8Array;
  request_key: string;
  client_name: string;
  theme_id: string | null;
  period_start: Date | null;
  period_end: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Generated<Date>;
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
  /**
   * The account's own text limit where its server declares one (a Mastodon instance's
   * max_characters), read when it connected; absent: the network's (core PLATFORM_TEXT_LIMITS).
   */
  text_limit?: number;
}

export interface ConnectedAccountsTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
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
  status: Generated<AccountStatus>;
  /** Why status is needs_reconnect (core accountHealth: 'revoked' shows as revoked). */
  status_reason: Generated<AccountStatusReason | null>;
  /** The retry time of the network's last 429 for this account ("limited by the network"). */
  limited_until: NullableTimestamp;
  /** The access_token_expires_at whose 14-day notice was sent (set once, fenced). */
  expiry_notice_for: NullableTimestamp;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/**
 * A Page the user may pick (no token: the Page token is fetched again at selection). For
 * Instagram: the professional account (`id` the IG user id, `name` its username) and its Page.
 */
export interface PendingPage {
  id: string;
  name: string;
  /** Instagram: the name of the Facebook Page the account is linked to. */
  pageName?: string;
}

/**
 * Networks whose connection can wait for a choice (their connect steps declare a picker). The
 * table's CHECK lists them (facebook, instagram): a new picker network adds itself in a migration.
 */
export type PendingPlatform = Platform;

/** What a pending connection remembers about the user besides the sealed token. */
export interface PendingProfile {
  email?: string | null;
  name?: string | null;
  scopes?: string[];
  /** Started by "Conectar outra conta": the chosen option may join the network's active accounts. */
  another?: boolean;
}

export interface PendingConnectionsTable {
  id: string;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  user_id: string;
  platform: PendingPlatform;
  /** Sealed long-lived user token (AAD `pending_connections:<id>:sealed_user_token`). */
  sealed_user_token: string;
  pages: ColumnType<PendingPage[], PendingPage[] | string, PendingPage[] | string>;
  profile: ColumnType<PendingProfile, PendingProfile | string | undefined, PendingProfile | string>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/**
 * Pauta's app at one server of a network of many (a Mastodon instance), registered when its first
 * account connects (docs/networks.md, "Mastodon"); keyed by (platform, host).
 */
export interface NetworkInstancesTable {
  /** The network (a CHECK lists the networks of many servers: 'mastodon'). */
  platform: Platform;
  host: string;
  client_id: string;
  /** Sealed client secret (AAD `network_instances:<platform>/<host>:sealed_client_secret`). */
  sealed_client_secret: string;
  /** The redirect URI the app was registered with (a new APP_URL registers the app again). */
  redirect_uri: string;
  pkce: boolean;
  title: string;
  /** The instance's limits as last read (max characters, images, link length, image bytes). */
  limits: ColumnType<
    Record<string, number>,
    Record<string, number> | string,
    Record<string, number> | string
  >;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PublishedPostsTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
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
  /** When the next early metrics read is due (+15 min, +1 h, +24 h); null: the regular sync only. */
  metrics_due_at: NullableTimestamp;
}

/** One connected account's followers on one day (docs/reports.md "History"); written once a day. */
export interface AccountFollowerSnapshotsTable {
  connected_account_id: string;
  workspace_id: string;
  platform: Platform;
  /** The day in America/Sao_Paulo, 'YYYY-MM-DD' (a date column read as text: client.ts). */
  day: ColumnType<string, string, never>;
  followers: number;
  /** Sums over the account's published posts as known when the snapshot was taken; int8 as number. */
  posts_reach: number | null;
  posts_likes: number | null;
  posts_comments: number | null;
  source: Generated<'daily' | 'backfill'>;
  taken_at: Generated<Date>;
}

export type ReportStatus = 'queued' | 'running' | 'done' | 'failed';

/** One client report per (workspace, period) (docs/reports.md "Generation"). */
export interface ReportsTable {
  id: Generated<string>;
  workspace_id: string;
  /** Local days 'YYYY-MM-DD', both included (a date column read as text: client.ts). */
  period_start: ColumnType<string, string, never>;
  period_end: ColumnType<string, string, never>;
  status: Generated<ReportStatus>;
  progress: Generated<number>;
  note: Generated<string>;
  requested_by: string | null;
  /** Bumped by every claim; the fence of every later write of that attempt. */
  attempt: Generated<number>;
  lease_until: NullableTimestamp;
  /** `reports/<workspace>/<report>.pdf` in media storage, once done. */
  pdf_key: string | null;
  error_code: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export type ReportScheduleFrequency = 'off' | 'monthly' | 'weekly';

/** A workspace's scheduled report email (docs/reports.md "Scheduled email"). */
export interface ReportSchedulesTable {
  workspace_id: string;
  frequency: ReportScheduleFrequency;
  /** 1–10 addresses while on; an off schedule keeps its list. */
  recipients: string[];
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One scheduled email per (workspace, period): claimed under a lease, fenced by `attempt`. */
export interface ReportDeliveriesTable {
  id: Generated<string>;
  workspace_id: string;
  frequency: 'monthly' | 'weekly';
  period_start: ColumnType<string, string, never>;
  period_end: ColumnType<string, string, never>;
  status: Generated<'pending' | 'running' | 'sent' | 'failed'>;
  attempt: Generated<number>;
  lease_until: NullableTimestamp;
  report_id: string | null;
  /** The addresses it was sent to (set with status 'sent'). */
  recipients: string[] | null;
  error_code: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

/** A private read-only link to one report (docs/reports.md "The private link"). */
export interface ReportLinksTable {
  id: Generated<string>;
  workspace_id: string;
  report_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: Uint8Array;
  request_key: string;
  created_by: string | null;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** The figures and analysis a report's PDF was drawn from (JSON; server/src/reports). */
export interface ReportSnapshotsTable {
  report_id: string;
  workspace_id: string;
  data: ColumnType<unknown, string, string>;
  analysis: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** One live update (docs/live-updates.md); written by a trigger, never by application code. */
export interface LiveEventsTable {
  /** bigserial; pg returns int8 as a number (client.ts), so ids stay below 2^53. */
  id: Generated<number>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  user_id: string;
  /** 'bulk': a bulk action changed posts of the workspace (docs/bulk-actions.md); no post, no network. */
  kind: 'post' | 'metrics' | 'account' | 'report' | 'bulk';
  post_id: string | null;
  published_post_id: string | null;
  /** The report whose status/progress changed (kind 'report'; migration 2026-11-30T01-10-report-live). */
  report_id: string | null;
  /** Null only for kind 'report'. */
  platform: Platform | null;
  status: PostStatus | null;
  error_code: string | null;
  retry_at: Date | null;
  created_at: Generated<Date>;
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
  status: PublishingLogStatus;
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

/** A step of a post's delivery, derived by a trigger from its row's changes (issue 24). */
export interface PostDeliveryEventsTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  suggested_post_id: string;
  user_id: string;
  version: number;
  attempt: number;
  kind: string;
  code: string | null;
  detail: string | null;
  due_at: NullableTimestamp;
  created_at: Generated<Date>;
}

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
  status: Generated<DeletionRequestStatus>;
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
  /** A media-storage key read and attached at send time (a report's PDF), and its file name. */
  attachment_key: Generated<string | null>;
  attachment_name: Generated<string | null>;
}

/** One failed (or needs-attention) post waiting for its owner's failure email (issue 13). */
export interface FailureNoticesTable {
  id: Generated<string>;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  user_id: string;
  post_id: string;
  post_title: string;
  platform: Platform;
  scheduled_for: Timestamp;
  error_code: string;
  /** The network's pt-BR explanation (its error table); null: core's message of error_code. */
  error_message: string | null;
  created_at: Generated<Date>;
  /** When the email that told the owner was queued; null: waiting for the window to end. */
  emailed_at: NullableTimestamp;
}

/** Per user: when the last failure email was queued (the row is also the per-user lock). */
export interface FailureEmailWindowsTable {
  user_id: string;
  last_sent_at: Timestamp;
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

/** One worker process's heartbeat (docs/operations.md); times are PostgreSQL's clock. */
export interface WorkerHeartbeatsTable {
  id: string;
  host: string;
  pid: number;
  version: string;
  started_at: Generated<Date>;
  last_beat_at: Generated<Date>;
  /** Set by a graceful shutdown; the row stays so "last seen" survives it. */
  stopped_at: NullableTimestamp;
}

/** One "posts due and no worker for 2 min" episode; at most one open (ended_at null). */
export interface WorkerOutagesTable {
  id: Generated<string>;
  last_seen_at: NullableTimestamp;
  due_posts: number;
  opened_at: Generated<Date>;
  ended_at: NullableTimestamp;
}

/** An image of a post (docs/media.md); the bytes are in the media storage under the two keys. */
export interface PostMediaTable {
  id: string;
  /** The owning workspace (docs/workspaces.md); filled from the parent or the author when omitted. */
  workspace_id: Generated<string>;
  post_id: string;
  user_id: string;
  position: number;
  storage_key: string;
  /** Null only for a video without a cover yet. */
  thumb_key: string | null;
  mime_type: MediaMimeType | VideoMimeType;
  width: number;
  height: number;
  size_bytes: number;
  alt_text: Generated<string>;
  created_at: Generated<Date>;
  /** Video columns (migration 2026-11-30T04-00-video-media; null on an image). */
  kind: Generated<'image' | 'video'>;
  duration_seconds: number | null;
  rotation: 0 | 90 | 180 | 270 | null;
  container: VideoContainer | null;
  video_codec: string | null;
  video_codec_string: string | null;
  frame_rate: number | null;
  bitrate: number | null;
  audio: ColumnType<VideoAudioFacts | null, string | null, string | null>;
  /** The cover image (an upload or a frame captured in the browser), with its thumbnail in thumb_key. */
  cover_key: string | null;
  /** The frame the person chose as the cover, in seconds from the start. */
  cover_time_seconds: number | null;
}

/** One part of an S3 multipart upload already sent. */
export interface S3UploadPart {
  n: number;
  etag: string;
  size: number;
}

export type VideoAudioFacts = { codec: string; sampleRate: number; channels: number };

/** A resumable (tus) video upload in progress (docs/media.md, "Envio retomável"). */
export interface VideoUploadsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  /** Null: the composer's upload, bound to the workspace until the save (docs/composer.md). */
  post_id: string | null;
  storage_key: string;
  staging_key: string;
  upload_length: number;
  upload_offset: Generated<number>;
  s3_upload_id: string | null;
  s3_parts: ColumnType<S3UploadPart[], string | undefined, string>;
  tail_bytes: Generated<number>;
  state: Generated<'receiving' | 'done' | 'rejected'>;
  rejection: ColumnType<unknown, string | null, string | null>;
  lock_token: string | null;
  locked_until: Date | null;
  expires_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/**
 * An image uploaded in "Novo post" before its save (docs/composer.md): checked and EXIF-free, in its
 * workspace, not on a post yet. The save re-encodes it for each network into post_media; a trigger
 * queues its keys in media_garbage when the row goes (saved, discarded or expired).
 */
export interface ComposerMediaTable {
  id: string;
  workspace_id: string;
  user_id: string;
  /** An image, or a video uploaded through tus (migration 2026-12-01T03-30-composer-video). */
  kind: Generated<'image' | 'video'>;
  storage_key: string;
  /** Null for a video (no thumbnail before its post has a cover). */
  thumb_key: string | null;
  mime_type: MediaMimeType | VideoMimeType;
  /** What the probe read of a video (core VideoFacts); null for an image. */
  video_facts: ColumnType<VideoFacts | null, string | null | undefined, string | null>;
  width: number;
  height: number;
  size_bytes: number;
  created_at: Generated<Date>;
}

/** Storage keys waiting to be deleted (filled by a trigger on post_media deletes and by uploads). */
export interface MediaGarbageTable {
  storage_key: string;
  not_before: Generated<Date>;
  created_at: Generated<Date>;
}

/** A workspace (a "cliente" of an agency; docs/workspaces.md) owns every theme, post and account. */
export interface WorkspacesTable {
  id: Generated<string>;
  name: string;
  /** The user whose personal workspace this is (id = that user's id); null for a created one. */
  personal_of: string | null;
  logo_key: string | null;
  color: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The queue's IANA zone (docs/posting-queue.md); null = the owner's profile zone. */
  timezone: Generated<string | null>;
}

/** A weekly slot of an account's posting queue (docs/posting-queue.md). */
export interface QueueSlotsTable {
  id: Generated<string>;
  workspace_id: string;
  connected_account_id: string;
  /** 0 = domingo … 6 = sábado, in the workspace's zone. */
  weekday: number;
  /** Minute of the local day, 0–1439. */
  minute: number;
  created_at: Generated<Date>;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A workspace's webhook receiver (docs/webhooks.md). */
export interface WebhookSubscriptionsTable {
  id: string;
  workspace_id: string;
  url: string;
  events: string[];
  /** The signing secret (whsec_…), sealed (db/src/crypto.ts); only the webhooks repository unseals it. */
  secret: string;
  /** The secret before the last rotation, sealed; it also signs until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: NullableTimestamp;
  status: Generated<WebhookSubscriptionStatus>;
  paused_reason: 'owner' | 'failing' | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: NullableTimestamp;
  /** The Idempotency-Key of the click that created it (a repeat answers the same subscription). */
  request_key: string;
  /** The Idempotency-Key of the last rotation. */
  rotation_key: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One event; id 'msg_…' is the webhook-id. Written only by the database's triggers. */
export interface WebhookEventsTable {
  id: Generated<string>;
  workspace_id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface WebhookDeliveriesTable {
  /** bigserial; pg returns int8 as a number (client.ts). */
  id: Generated<number>;
  event_id: string;
  subscription_id: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_token: string | null;
  lease_until: NullableTimestamp;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  /** The Idempotency-Key of the last "Reenviar". */
  resend_key: string | null;
  created_at: Generated<Date>;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  duration_ms: number;
  created_at: Generated<Date>;
}

/** An invitation to a workspace (docs/workspaces.md): only SHA-256 of its link's secret is stored. */
export interface WorkspaceInvitationsTable {
  /** The link token's id (`<id>.<secret>`, server/src/auth/link-token.ts). */
  id: string;
  workspace_id: string;
  /** Lower-case. */
  email: string;
  role: Exclude<WorkspaceRole, 'owner'>;
  secret_hash: Uint8Array;
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

/** A personal access token of the REST API (docs/api.md); only the SHA-256 of its secret. */
export interface ApiTokensTable {
  id: Generated<string>;
  workspace_id: string;
  user_id: string;
  name: string;
  /** The token's first characters (public): how lists tell tokens apart. */
  prefix: string;
  hash: Uint8Array;
  scopes: string[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Generated<Date>;
}

/** One bulk call that changed posts (docs/bulk-actions.md; migration 2026-11-30T03-00-bulk-actions). */
export interface PostBulkActionsTable {
  id: Generated<string>;
  workspace_id: string;
  user_id: string | null;
  action: 'approve' | 'move' | 'reschedule' | 'theme' | 'delete';
  changed: number;
  /** The changed posts' previous values and the version the call left them at; null: no undo. */
  undo: ColumnType<BulkUndoEntry[] | null, string | null, string | null>;
  created_at: Generated<Date>;
  expires_at: Generated<Date>;
  undone_at: Date | null;
}

/** A post a bulk call changed: the version it left it at (the fence) and what it was before. */
export interface BulkUndoEntry {
  id: string;
  version: number;
  scheduled_for?: string;
  approval_stage?: ApprovalStage | null;
  theme_id?: string;
}

/** A saved snippet (docs/snippets.md): a workspace's hashtag group or signature. */
export interface SnippetsTable {
  id: Generated<string>;
  workspace_id: string;
  kind: 'hashtags' | 'signature';
  name: string;
  /** As saved: a hashtag group normalised by core normalizeSnippet. */
  text: string;
  /** The order of the list and of the insert menu (ascending). */
  position: number;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A slide's stored image (PNG) and its WebP thumbnail, in the media storage. */
export interface CarouselSlideImage {
  key: string;
  thumb_key: string;
  width: number;
  height: number;
  size_bytes: number;
}

/** One slide as stored in `carousels.slides` (docs/carousel.md). */
export interface StoredCarouselSlide {
  id: string;
  kind: 'cover' | 'content' | 'cta';
  title: string;
  body: string;
  /** Null until rendered, and again after its text changed until it is rendered anew. */
  image: CarouselSlideImage | null;
}

export interface CarouselsTable {
  id: Generated<string>;
  workspace_id: string;
  post_id: string;
  created_by: string | null;
  format: 'portrait' | 'square';
  slides: ColumnType<StoredCarouselSlide[], string, string>;
  /** Bumped by every change: a render that finishes after an edit does not overwrite it. */
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database {
  post_bulk_actions: PostBulkActionsTable;
  api_tokens: ApiTokensTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  oauth_identities: OAuthIdentitiesTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  themes: ThemesTable;
  suggested_posts: SuggestedPostsTable;
  post_series: PostSeriesTable;
  connected_accounts: ConnectedAccountsTable;
  account_follower_snapshots: AccountFollowerSnapshotsTable;
  reports: ReportsTable;
  report_schedules: ReportSchedulesTable;
  report_deliveries: ReportDeliveriesTable;
  report_links: ReportLinksTable;
  report_snapshots: ReportSnapshotsTable;
  pending_connections: PendingConnectionsTable;
  network_instances: NetworkInstancesTable;
  published_posts: PublishedPostsTable;
  live_events: LiveEventsTable;
  email_templates: EmailTemplatesTable;
  publishing_logs: PublishingLogsTable;
  admin_settings: AdminSettingsTable;
  data_deletion_requests: DataDeletionRequestsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
  failure_notices: FailureNoticesTable;
  failure_email_windows: FailureEmailWindowsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  worker_outages: WorkerOutagesTable;
  post_stage_events: PostStageEventsTable;
  post_delivery_events: PostDeliveryEventsTable;
  post_comments: PostCommentsTable;
  client_approval_links: ClientApprovalLinksTable;
  post_media: PostMediaTable;
  media_garbage: MediaGarbageTable;
  composer_media: ComposerMediaTable;
  video_uploads: VideoUploadsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  snippets: SnippetsTable;
  queue_slots: QueueSlotsTable;
  carousels: CarouselsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type Theme = Selectable<ThemesTable>;
export type Profile = Selectable<ProfilesTable>;
export type User = Selectable<UsersTable>;
export type PublishingLog = Selectable<PublishingLogsTable>;
export type EmailTemplate = Selectable<EmailTemplatesTable>;
export type AdminSetting = Selectable<AdminSettingsTable>;
