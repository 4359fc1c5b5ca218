// Request shapes of the posts router: strict objects with a size limit on every string and list.
import {
  APPROVAL_STAGES,
  BULK_MAX_POSTS,
  bulkMessages,
  INPUT_LIMITS,
  MAX_MEDIA_PER_POST,
  MEDIA_ALT_TEXT_MAX,
  PLATFORMS,
  POST_CSV_MAX_BYTES,
  POST_STATUSES,
  recurrenceRuleSchema,
} from '@pauta/core';
import { FIRST_COMMENT_MAX_INPUT } from '@pauta/networks';
import { z } from 'zod';
import { parseLocalDate } from './post-filters.js';

const id = z.uuid();
/** A local calendar day in the user's zone. */
const localDate = z
  .string()
  .max(10)
  .refine((text) => parseLocalDate(text) !== null, { message: 'YYYY-MM-DD' });
/** Absent and null both mean "no filter" (a cleared select gives null). */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const postFilterSchema = z.strictObject({
  themeId: optional(id),
  platform: optional(z.enum(PLATFORMS)),
  scheduledFrom: optional(localDate),
  scheduledTo: optional(localDate),
  createdFrom: optional(localDate),
  createdTo: optional(localDate),
  statuses: optional(z.array(z.enum(POST_STATUSES)).max(POST_STATUSES.length)),
});

/** tRPC's infinite queries add `direction`; pages only go forward here, so it is accepted and ignored. */
export const pageDirection = z.enum(['forward', 'backward']).optional();

export const listPostsSchema = postFilterSchema.extend({
  cursor: optional(z.string().max(200)),
  limit: z.number().int().min(1).max(100).default(50),
  direction: pageDirection,
});

/** The calendar's range [from, to): a month view with its leading and trailing days fits. */
export const CALENDAR_MAX_RANGE_DAYS = 62;

export const calendarSchema = z
  .strictObject({
    from: z.date(),
    to: z.date(),
    themeId: optional(id),
    platform: optional(z.enum(PLATFORMS)),
  })
  .refine((r) => r.to.getTime() > r.from.getTime(), { message: 'to must be after from', path: ['to'] })
  .refine((r) => r.to.getTime() - r.from.getTime() <= CALENDAR_MAX_RANGE_DAYS * 86_400_000, {
    message: `at most ${CALENDAR_MAX_RANGE_DAYS} days`,
    path: ['to'],
  });

export const postIdSchema = z.strictObject({ id });

/** Editar Post → "Repetir": the post and its rule (docs/recurring-posts.md). */
export const setRecurrenceSchema = z.strictObject({ id, rule: recurrenceRuleSchema });

/** 'Tentar novamente': the post, and whether the user confirmed going past a network budget. */
export const retryPostSchema = z.strictObject({
  id,
  confirmOverBudget: z.boolean().optional(),
  /** Send again although the network could not tell whether the post was published ("Reenviar mesmo assim"). */
  confirmUnverified: z.boolean().optional(),
});

/**
 * A post's options on its network (docs/post-options.md): a flat object of at most 30 keys, each a
 * text, a boolean or null (unset). Which keys and values its network takes is checked by the
 * service against the network's declaration (validatePostOptions), with the field's pt-BR refusal.
 */
export const networkOptionsSchema = z
  .record(z.string().min(1).max(40), z.union([z.string().max(5000), z.boolean(), z.null()]))
  .refine((values) => Object.keys(values).length <= 30, { message: 'at most 30 options' });

export const updatePostSchema = z.strictObject({
  id,
  title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle),
  content: z.string().trim().min(1).max(INPUT_LIMITS.postContent),
  scheduledFor: z.date(),
  /** "Opções do <rede>": replaced when given (validated); absent: kept. */
  networkOptions: networkOptionsSchema.optional(),
  /** The first comment (docs/first-comment.md): '' removes it; absent: kept. Checked per network. */
  firstComment: z.string().max(FIRST_COMMENT_MAX_INPUT).optional(),
  /** The account the post goes out from (docs/workspaces.md "Several accounts of one network"); absent: kept. */
  accountId: id.optional(),
  /** The user saw the budget warning and saves anyway (docs/budgets.md). */
  confirmOverBudget: z.boolean().optional(),
  /** "Agendar" of a draft (docs/composer.md): it leaves the draft; absent: a draft stays a draft. */
  scheduleDraft: z.boolean().optional(),
});

export const reschedulePostSchema = z.strictObject({
  id,
  scheduledFor: z.date(),
  confirmOverBudget: z.boolean().optional(),
});

/** A month of the user's zone ('YYYY-MM'); absent = this month. */
export const budgetUsageSchema = z.strictObject({
  month: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
});

export const deleteManySchema = z.strictObject({ ids: z.array(id).min(1).max(INPUT_LIMITS.bulkPostIds) });

/** 'Criar versão para outra rede': the post, the other network, and the text to adapt (the form's). */
export const createVariantSchema = z.strictObject({
  id,
  platform: z.enum(PLATFORMS),
  title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle),
  content: z.string().trim().min(1).max(INPUT_LIMITS.postContent),
  /** The date-time on screen (the form's, maybe not saved yet); without it, the post's saved one. */
  scheduledFor: z.date().optional(),
});

/** A reschedule offset: at most a year either way (the 2-year horizon and the past rule still apply per post). */
export const BULK_MAX_OFFSET_MINUTES = 366 * 24 * 60;

// The action's members are plain objects: a field of another kind (a themeId sent with 'approve') is
// dropped, not refused — it names nothing this action uses. The request itself stays strict.
const bulkActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approve') }),
  z.object({ kind: z.literal('move'), to: z.enum(APPROVAL_STAGES) }),
  z.object({
    kind: z.literal('reschedule'),
    offsetMinutes: z
      .number()
      .int()
      .min(-BULK_MAX_OFFSET_MINUTES)
      .max(BULK_MAX_OFFSET_MINUTES)
      .refine((n) => n !== 0, { message: bulkMessages.zeroOffset }),
    /** The person saw the budget warning and reschedules anyway (docs/budgets.md). */
    confirmOverBudget: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('theme'), themeId: id }),
  z.object({ kind: z.literal('delete') }),
  /** "Para a fila": each post to its account's next free queue slot (docs/posting-queue.md). */
  z.object({ kind: z.literal('queue'), confirmOverBudget: z.boolean().optional() }),
]);

/**
 * Bulk actions (docs/bulk-actions.md): explicit ids, or every post matching the list's filter (both:
 * the ids that match the filter); one action.
 */
export const bulkSchema = z
  .strictObject({
    ids: z.array(id).min(1).max(BULK_MAX_POSTS, bulkMessages.tooMany(BULK_MAX_POSTS)).optional(),
    filter: postFilterSchema.optional(),
    action: bulkActionSchema,
  })
  .refine((input) => input.ids !== undefined || input.filter !== undefined, {
    message: bulkMessages.selectionShape,
    path: ['ids'],
  });

export const bulkUndoSchema = z.strictObject({ token: id });

/**
 * The CSV text of an import (docs/csv-import.md). Up to POST_CSV_MAX_BYTES of UTF-8; the JSON of
 * the request may be larger (escaped quotes and line breaks), hence the procedures' own body limit.
 * A longer text is still refused here; the service says "passa de 1 MB" for what fits the schema.
 */
export const csvImportSchema = z.strictObject({
  csv: z.string().max(POST_CSV_MAX_BYTES + 1),
  /** Images uploaded beside the CSV (POST /api/composer/media): the name a row gives, the upload's id. */
  files: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(255), id }))
    .max(100)
    .default([]),
  /** Images whose upload was refused, with the upload's pt-BR sentence (shown on a row naming one). */
  refused: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(255), message: z.string().max(500) }))
    .max(100)
    .default([]),
});

/**
 * The pre-flight of a post as it is on screen (docs/preflight.md): its unsaved text (empty is
 * measured as empty), the date-time (null while the form has none), the network (absent: the
 * post's) and the options (absent: the stored ones). Nothing is saved.
 */
export const preflightSchema = z
  .strictObject({
    /** Absent: a post not saved yet (a tab of "Novo post", docs/composer.md); then `platform` is required. */
    id: optional(id),
    platform: optional(z.enum(PLATFORMS)),
    /** A composer's tab: the account it goes out from (its own text limit); absent: the post's, or the network's only one. */
    accountId: optional(id),
    content: z.string().max(INPUT_LIMITS.postContent),
    scheduledFor: z.date().nullable(),
    networkOptions: networkOptionsSchema.optional(),
    /**
     * A post not saved yet: the composer's uploads the tab would publish (docs/composer.md). Bounded
     * loosely: ids that are not the workspace's uploads are not found (not counted).
     */
    composerMedia: z
      .array(id)
      .max(5 * MAX_MEDIA_PER_POST)
      .optional(),
  })
  .refine((input) => input.id !== undefined || input.platform !== undefined, {
    path: ['platform'],
    message: 'Escolha a rede do post.',
  });
/**
 * What the composer's save does (docs/composer.md): schedule at the time, add each network's post to
 * its account's queue (docs/posting-queue.md), or keep as a draft / send for approval.
 */
const COMPOSE_ACTIONS = ['schedule', 'queue', 'draft', 'review'] as const;

/** Accounts one composer save may write for (one post each): a few per network. */
const COMPOSE_MAX_ACCOUNTS = 4 * PLATFORMS.length;

/**
 * "Novo post" (docs/composer.md): one post per chosen network, written once. A network's `content`
 * null means it inherits the base text; its own text otherwise.
 */
export const composePostsSchema = z.strictObject({
  themeId: id,
  title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle),
  baseContent: z.string().max(INPUT_LIMITS.postContent),
  networks: z
    .array(
      z.strictObject({
        platform: z.enum(PLATFORMS),
        /**
         * The account (docs/workspaces.md "Several accounts of one network"): one post per account;
         * required where the workspace has several of the network, absent: its only one.
         */
        accountId: id.optional(),
        content: z.string().max(INPUT_LIMITS.postContent).nullable(),
        networkOptions: networkOptionsSchema.optional(),
        /** The network's first comment (docs/first-comment.md); absent or blank = none. */
        firstComment: z.string().max(FIRST_COMMENT_MAX_INPUT).optional(),
        /**
         * The network's images in order (docs/composer.md): the composer's uploads (POST
         * /api/composer/media) with their alt texts — the base's or the tab's own; absent = none.
         */
        media: z
          .array(z.strictObject({ id, altText: z.string().trim().max(MEDIA_ALT_TEXT_MAX) }))
          .max(MAX_MEDIA_PER_POST)
          .optional(),
      }),
    )
    .min(1)
    .max(COMPOSE_MAX_ACCOUNTS),
  scheduledFor: z.date(),
  action: z.enum(COMPOSE_ACTIONS),
  /** Past a network's budget (docs/budgets.md): confirmed in the composer's dialog. */
  confirmOverBudget: z.boolean().optional(),
});

/** The other networks' versions of a post written in the composer (Editar Post). */
export const postSiblingsSchema = z.strictObject({ id });
