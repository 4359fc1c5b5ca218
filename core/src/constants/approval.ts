/**
 * Approval before publishing (issue 17; docs/approval.md). A theme that requires approval gives
 * each of its posts an `approval_stage`; the worker claims only posts in `approved` (or posts of
 * themes without approval, whose stage is null). "Publicado" is not a stored stage: it is the
 * post's `published` status, shown as the board's last column.
 */
export const APPROVAL_STAGES = ['draft', 'review', 'client', 'changes', 'approved'] as const;
export type ApprovalStage = (typeof APPROVAL_STAGES)[number];

/** The board's columns: the stored stages, then the published posts. */
export const BOARD_COLUMNS = [...APPROVAL_STAGES, 'published'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export const APPROVAL_STAGE_LABELS = {
  draft: 'Rascunho',
  review: 'Em revisão',
  client: 'Aprovação do cliente',
  changes: 'Ajustes',
  approved: 'Aprovado (agendado)',
  published: 'Publicado',
} as const satisfies Record<BoardColumn, string>;

/** The stage a post gets when its theme starts requiring approval, or when it is created there. */
export const INITIAL_APPROVAL_STAGE: ApprovalStage = 'draft';

/** Who moved a post or wrote a comment; 'client' is for the approval link (a later issue). */
export const APPROVAL_ACTORS = ['owner', 'client', 'system'] as const;
export type ApprovalActor = (typeof APPROVAL_ACTORS)[number];

export function isApprovalStage(value: unknown): value is ApprovalStage {
  return typeof value === 'string' && (APPROVAL_STAGES as readonly string[]).includes(value);
}

/** A client approval link lives 7 days unless the owner says otherwise; at most 30. */
export const CLIENT_LINK_DEFAULT_DAYS = 7;
export const CLIENT_LINK_MAX_DAYS = 30;
export const CLIENT_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ClientLinkStatus = (typeof CLIENT_LINK_STATUSES)[number];
