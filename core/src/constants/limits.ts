/** Business constants and limits (spec §2, §7, §9) plus the size limits of every input. */

/** Posts the AI drafts when a theme is created; each is stored once per selected network. */
export const SUGGESTIONS_ON_THEME_CREATION = 15;
/** Posts drafted by the 'Gerar 5 Posts' card button and the suggested-posts screen. */
export const SUGGESTIONS_FROM_CARD = 5;

export const LOGS_PAGE_SIZE = 20;
export const PAGER_MAX_BUTTONS = 5;
export const LOG_TITLE_TRUNCATE = 50;

/** The admin "new users" stat counts sign-ups within this many days. */
export const NEW_USERS_WINDOW_DAYS = 30;

/** Time a person would spend on one post; drives the dashboard's "time saved" (1h10 per post). */
export const MINUTES_PER_POST = 70;

/** Default of the max_themes_per_user setting, enforced on theme creation. */
export const MAX_THEMES_PER_USER_DEFAULT = 10;

/** A post may be scheduled at most this many days ahead (2 years): edit, reschedule, drafts. */
export const MAX_SCHEDULE_AHEAD_DAYS = 730;

/** Local hour of the first slot of a new schedule (spec §9: 10:00). */
export const SCHEDULE_START_HOUR = 10;

/** Theme card: at most this many tones (then '+N') and networks. */
export const THEME_CARD_MAX_TONES = 2;
export const THEME_CARD_MAX_NETWORKS = 3;

/** Characters of content shown in the schedule-edit preview. */
export const SCHEDULE_PREVIEW_CHARS = 100;

/** Days within which a data-deletion request is processed. */
export const DATA_DELETION_DAYS = 30;
/** Lifetime of the emailed link that confirms an anonymous data-deletion request (24 hours). */
export const DATA_DELETION_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/** Dashboard engagement labels: average engagement (%) thresholds, highest first. */
export const ENGAGEMENT_THRESHOLDS = { excellent: 5, good: 3, regular: 1 } as const;
/** Dashboard reach labels: total reach thresholds, highest first. */
export const REACH_THRESHOLDS = { exceptional: 10_000, good: 5_000, moderate: 1_000 } as const;

/** Publishing: attempts before a retryable failure becomes permanent. */
export const MAX_PUBLISH_ATTEMPTS = 5;
/** Publishing: a scheduled post this late is marked missed instead of published. */
export const MISSED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Publishing: refresh an access token that expires within this window before using it. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * Size limits of every string and array a user can send. Lengths are in UTF-16 code units
 * (what zod's `.max()` and the browser's `maxLength` count).
 */
export const INPUT_LIMITS = {
  email: 254,
  passwordMin: 8,
  passwordMax: 256,
  firstName: 100,
  lastName: 100,
  timeZone: 64,

  themeName: 120,
  themeDescription: 2000,
  themeTones: 5,
  themeAvoidTopics: 4,
  themeNetworks: 4,
  themeColor: 32,

  postTitle: 300,
  postContent: 63206,
  postPlatforms: 4,
  draftsPerRequest: 20,
  bulkPostIds: 500,

  dataDeletionReason: 2000,
  approvalComment: 2000,
  clientLinkName: 80,

  templateName: 120,
  templateSubject: 300,
  templateHtml: 200_000,
  templateVariables: 50,
  settingKey: 100,
  settingValue: 10_000,
  settingDescription: 500,

  searchQuery: 200,
  id: 64,
} as const;
