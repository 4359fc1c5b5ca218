/**
 * The one application error (docs/architecture.md, "Errors"): a service refuses with
 * `new AppError(code, details)`; the server's tRPC error formatter turns the code into the HTTP
 * status and the pt-BR text (server/src/trpc/error-format.ts) and sends `details` as they are; the
 * client reads them back typed by code (client/src/lib/errors.ts `errorDetails`). Each code's
 * details are declared once, here.
 */
import type { BudgetOverrun } from '../budget/budget.js';
import type { Platform } from '../constants/platforms.js';
import type { ReportRecipientsIssue } from '../reports/schedule.js';
import type { SnippetIssue } from '../snippets/snippets.js';
import type { CarouselIssue } from './carousel.js';
import type { ErrorCode, PasswordIssue } from './error-codes.js';
import type { MediaRejection } from './media.js';
import type { WebhookUrlRefusal } from './webhooks.js';

/** Why a VALIDATION_FAILED refusal that is not about one input field happened. */
export type ValidationReason =
  | 'RESET_TOKEN_INVALID'
  | 'SIGNIN_LINK_INVALID'
  | 'DELETION_TOKEN_INVALID'
  // An invitation link (docs/workspaces.md, "Invitations"): unknown or mistyped, past its
  // expiry, revoked by an owner, already used by someone else, or opened by another email.
  | 'INVITATION_INVALID'
  | 'INVITATION_EXPIRED'
  | 'INVITATION_REVOKED'
  | 'INVITATION_USED'
  | 'INVITATION_OTHER_EMAIL'
  | 'INVALID_VALUE'
  | 'INVALID_JSON'
  // A date in the past (edit, reschedule, drag on the calendar).
  | 'PAST';

/** Why a CONFLICT refusal of the admin area happened. */
export type ConflictReason =
  | 'LAST_ADMIN'
  | 'NAME_TAKEN'
  | 'NOT_CONFIRMED'
  // The approval board (docs/approval.md): the post's theme does not require approval; the post
  // was published already; its request to the network has started (too late to take it back).
  | 'APPROVAL_NOT_REQUIRED'
  | 'ALREADY_PUBLISHED'
  | 'SENDING'
  // The client approval link: the post no longer waits for the client (the owner moved it).
  | 'NOT_PENDING'
  // Members (docs/workspaces.md, "Members"): the last owner cannot leave or be demoted; a
  // personal workspace keeps its person as owner; the invited email is already a member; a user
  // who is the only owner of a shared workspace cannot be erased (workspaceName says which).
  | 'LAST_OWNER'
  | 'PERSONAL_OWNER'
  | 'ALREADY_MEMBER'
  | 'SOLE_OWNER'
  // Reports (docs/reports.md): a link to a report that is not done yet; a delete while it is
  // being made.
  | 'REPORT_NOT_READY'
  | 'REPORT_BUSY';

/** A failed account connection: the network, and the provider's kind of failure when known. */
export interface ConnectionFailure {
  platform: Platform;
  /** OAuthErrorKind of networks ('invalid_grant', 'network' …), 'no_pages' or 'page_unavailable'. */
  reason?: string;
}

export interface ErrorDetailsByCode {
  /** retryAfterSeconds: null when the limiter did not say. */
  RATE_LIMITED: { retryAfterSeconds: number | null };
  THEME_LIMIT_REACHED: { max: number };
  WORKSPACE_LIMIT_REACHED: { max: number };
  /** passwordFeedback: the estimator's pt-BR warning and suggestions (TOO_WEAK), when it has any. */
  WEAK_PASSWORD: { passwordIssues: PasswordIssue[]; passwordFeedback?: string[] };
  VALIDATION_FAILED: {
    /** The one input field at fault ('scheduledFor', 'email', 'cursor' …). */
    field?: string;
    /** The networks whose character limit the text exceeds. */
    tooLongFor?: Platform[];
    reason?: ValidationReason;
    /** A system setting's key and the value it expects (INVALID_VALUE, INVALID_JSON). */
    key?: string;
    expected?: 'boolean' | 'integer' | 'budgets';
    min?: number;
    max?: number;
    /** The scheduled report email's recipients (field 'recipients'): why, and the bad address. */
    recipientIssue?: ReportRecipientsIssue;
    recipient?: string;
    /**
     * The post's network options refused (field 'networkOptions'; docs/post-options.md): each
     * option's key and its pt-BR sentence, which names the network and the field.
     */
    optionIssues?: { key: string; message: string }[];
    /**
     * The composer's refusals (field 'networks'; docs/composer.md): each chosen network's pt-BR
     * reason, shown in that network's tab; nothing was saved. `accountId`: the account the tab
     * named, where it named one (several accounts of one network, docs/workspaces.md).
     */
    networkIssues?: { platform: Platform; accountId?: string; message: string }[];
  };
  SCHEDULE_OUT_OF_RANGE: { field: 'scheduledFor' };
  BUDGET_EXCEEDED: { overruns: BudgetOverrun[]; timeZone: string };
  CONFLICT: { reason: ConflictReason; workspaceName?: string };
  OAUTH_FAILED: ConnectionFailure;
  PLATFORM_NOT_CONFIGURED: ConnectionFailure;
  MEDIA_REJECTED: MediaRejection;
  WEBHOOK_URL_REFUSED: { reason: WebhookUrlRefusal };
  SNIPPET_REFUSED: SnippetIssue;
  CAROUSEL_REFUSED: CarouselIssue;
}

/** The details a code carries: typed for the codes above, nothing for the others. */
export type ErrorDetails<C extends ErrorCode> = C extends keyof ErrorDetailsByCode
  ? ErrorDetailsByCode[C]
  : undefined;

export interface AppErrorOptions {
  /**
   * The failure is the outside world's (a network or the AI did not answer): the answer is a 502,
   * which the client may retry, instead of the code's usual status.
   */
  upstream?: boolean;
}

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'AppError';
  readonly details: ErrorDetails<C> | undefined;
  readonly upstream: boolean;

  constructor(
    readonly code: C,
    details?: ErrorDetails<C>,
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.details = details;
    this.upstream = options.upstream ?? false;
  }
}

/** True for an AppError, of `code` when given. */
export function isAppError<C extends ErrorCode>(error: unknown, code?: C): error is AppError<C> {
  return error instanceof AppError && (code === undefined || error.code === code);
}
