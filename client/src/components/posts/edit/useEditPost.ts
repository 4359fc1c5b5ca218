// The data, state and mutations of 'Editar Post' (spec §2.3, §4); the dialog's parts only draw.
// Field rules come from core's schema (core/src/schemas/post.ts); the date-time is then combined
// in the user's zone and checked against the 2-year horizon.
import {
  getErrorMessage,
  isBeyondScheduleHorizon,
  isEditablePostStatus,
  measurePostLength,
  messages,
  scheduleHorizon,
} from '@pauta/core';
import { firstIssuePerField, postEditFormSchema } from '@pauta/core/schemas/post';
import {
  firstCommentRefusal,
  NETWORK_PROFILES,
  type PostOptionValues,
  validatePostOptions,
} from '@pauta/networks/browser';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { useGuardedMutation } from '../../../lib/actions';
import { errorDetails, requestStateText } from '../../../lib/errors';
import { showError, showInfo, showSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useBudgetConfirm } from '../../budget/ComposerBudget';
import { describeUpdateError } from '../post-errors';
import { combineLocalDateTime, localDayKey, localTime, normalizeTime } from '../time-zone';
import type { PostItem } from '../types';
import { useActiveAccounts } from '../useActiveAccounts';
import { isConflict, useRefreshPosts } from '../usePostActions';
import { useTextLimit } from '../useTextLimit';

const text = messages.posts;

export interface FieldErrors {
  title?: string | undefined;
  content?: string | undefined;
  date?: string | undefined;
  time?: string | undefined;
}

export function useEditPost(
  post: PostItem,
  timeZone: string,
  onClose: () => void,
  /** True when the dialog added images (already on the server): saving keeps them. */
  addedImages: () => boolean = () => false,
  /**
   * True when the post has a video: saving always asks the server, which refuses a network that
   * does not publish video yet (docs/media.md), even when nothing else changed.
   */
  hasVideo: () => boolean = () => false,
) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState<string | null>(localDayKey(post.scheduledFor, timeZone));
  const [time, setTime] = useState(localTime(post.scheduledFor, timeZone));
  const [errors, setErrors] = useState<FieldErrors>({});
  // "Opções do <rede>" (docs/post-options.md): the values as chosen; their refusals show once the
  // option was touched or a save was tried, and the server's own refusals by option.
  const declaresOptions = (NETWORK_PROFILES[post.platform].postOptions ?? []).length > 0;
  const [networkOptions, setNetworkOptions] = useState<PostOptionValues>(post.networkOptions ?? {});
  const [touched, setTouched] = useState<ReadonlySet<string> | 'all'>(new Set());
  const [serverOptionErrors, setServerOptionErrors] = useState<Record<string, string>>({});
  // The first comment (docs/first-comment.md): its text, checked against the network's rule.
  const [firstComment, setFirstComment] = useState(post.firstComment?.text ?? '');
  const firstCommentError =
    serverOptionErrors.firstComment ?? firstCommentRefusal(post.platform, firstComment);
  const changeFirstComment = (value: string) => {
    setFirstComment(value);
    setServerOptionErrors(({ firstComment: _dropped, ...rest }) => rest);
  };
  const checkedOptions = validatePostOptions(post.platform, { hasVideo: hasVideo(), values: networkOptions });
  const optionErrors: Record<string, string> = { ...serverOptionErrors };
  if (!checkedOptions.ok)
    for (const issue of checkedOptions.issues)
      if (touched === 'all' || touched.has(issue.key)) optionErrors[issue.key] ??= issue.message;
  const changeOption = (key: string, value: PostOptionValues[string]) => {
    setNetworkOptions((current) => ({ ...current, [key]: value }));
    setTouched((current) => (current === 'all' ? current : new Set([...current, key])));
    setServerOptionErrors((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };
  // The server's reason; `aboutLength` when it refused the text's length (cleared once it fits).
  const [serverError, setServerError] = useState<{ text: string; aboutLength: boolean } | null>(null);
  // Past a network's budget the server asks first (BUDGET_EXCEEDED); confirming saves anyway.
  const budget = useBudgetConfirm(timeZone);

  // "Conta" (docs/workspaces.md "Several accounts of one network"): the account the post goes out
  // from, offered where the network has several active accounts or the post's was disconnected.
  const accounts = useActiveAccounts();
  const [accountId, setAccountId] = useState<string | null>(post.accountId ?? null);
  const choices = accounts.of(post.platform);
  const accountGone = accounts.loaded && post.accountId !== null && accounts.byId(post.accountId) === null;
  const chosenAccount = accounts.byId(accountId);
  const accountChanged = accountId !== (post.accountId ?? null) && chosenAccount !== null;
  // The network's limit, or the account's own where its server declares one (Mastodon).
  const networkLimit = useTextLimit(post.platform);
  const limit = chosenAccount?.textLimit ?? networkLimit;
  const used = measurePostLength(post.platform, content);
  const over = used > limit;
  // A role that may not change posts (Revisor) opens the same dialog read-only.
  const canWrite = useCan('posts.write');
  const editable = canWrite && isEditablePostStatus(post.status);
  // A "Rascunho" (docs/composer.md): saving keeps it a draft; "Agendar" takes it out.
  const draft = post.status === 'draft';
  // The server refuses dates more than 2 years ahead; the picker stops at that day.
  const latestDay = localDayKey(scheduleHorizon(new Date()), timeZone);

  const update = useGuardedMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: async (_saved, input) => {
        // Say what was changed: the text, the date, or both (spec §1 has the date's own toast).
        const textChanged = input.title !== post.title || input.content !== post.content;
        const dateChanged = input.scheduledFor.getTime() !== new Date(post.scheduledFor).getTime();
        showSuccess(
          messages.common.success,
          input.scheduleDraft
            ? text.draftScheduled
            : draft
              ? text.draftSaved
              : textChanged
                ? dateChanged
                  ? text.updatedWithDate
                  : text.updated
                : dateChanged || input.accountId === undefined
                  ? text.dateUpdated
                  : text.accountUpdated,
        );
        onClose();
        await refresh();
      },
      onError: async (error, input) => {
        if (budget.intercept(error, () => update.mutate({ ...input, confirmOverBudget: true }))) return;
        const refused = errorDetails(error, 'VALIDATION_FAILED');
        setServerOptionErrors(
          Object.fromEntries((refused?.optionIssues ?? []).map((issue) => [issue.key, issue.message])),
        );
        setServerError({
          text: describeUpdateError(error, post.platform),
          aboutLength: refused?.tooLongFor !== undefined,
        });
        showError(messages.common.error, requestStateText(error) ?? text.updateError);
        if (isConflict(error)) await refresh();
      },
    }),
  );

  // A refusal of the text (too long, empty: the form's or the server's) goes once the text fits.
  const changeContent = (next: string) => {
    setContent(next);
    if (next.trim().length === 0 || measurePostLength(post.platform, next) > limit) return;
    setErrors((current) => (current.content === undefined ? current : { ...current, content: undefined }));
    setServerError((current) => (current?.aboutLength ? null : current));
  };

  const save = (scheduleDraft: boolean) => {
    setServerError(null);
    budget.clear();
    const typedTime = normalizeTime(time);
    const parsed = postEditFormSchema(post.platform, limit).safeParse({
      title,
      content,
      date,
      time: typedTime,
    });
    const found: FieldErrors = parsed.success ? {} : firstIssuePerField(parsed.error);
    // Spec §4: the new date-time is combined only when both parts exist; without them nothing is saved.
    const scheduledFor = combineLocalDateTime(date, typedTime, timeZone);
    if (!found.date && scheduledFor && isBeyondScheduleHorizon(scheduledFor, new Date()))
      found.date = getErrorMessage('SCHEDULE_OUT_OF_RANGE');
    setErrors(found);
    setTouched('all');
    if (
      !parsed.success ||
      Object.keys(found).length > 0 ||
      !scheduledFor ||
      !checkedOptions.ok ||
      firstCommentError !== null
    )
      return;
    const commentChanged = firstComment.trim() !== (post.firstComment?.text ?? '');
    const values = parsed.data;
    const options = declaresOptions ? { networkOptions: checkedOptions.values } : {};
    const unchanged =
      values.title === post.title &&
      content === post.content &&
      scheduledFor.getTime() === new Date(post.scheduledFor).getTime() &&
      sameOptions(checkedOptions.values, post.networkOptions ?? {}) &&
      !commentChanged &&
      !accountChanged;
    if (unchanged && !hasVideo() && !scheduleDraft) {
      if (addedImages()) showSuccess(messages.common.success, text.imagesKept);
      else showInfo(messages.common.info, text.nothingChanged);
      onClose();
      return;
    }
    update.mutate({
      id: post.id,
      title: values.title,
      content,
      scheduledFor,
      ...options,
      ...(commentChanged ? { firstComment: firstComment.trim() } : {}),
      ...(accountChanged && accountId ? { accountId } : {}),
      ...(scheduleDraft ? { scheduleDraft: true } : {}),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(false);
  };

  return {
    fields: { title, content, date, time },
    set: { title: setTitle, content: changeContent, date: setDate, time: setTime },
    errors,
    /** "Opções do <rede>": the values, each option's refusal, and the change of one. */
    options: { values: networkOptions, errors: optionErrors, change: changeOption },
    /**
     * "Conta": shown where the network has several active accounts or the post's account was
     * disconnected (`gone`); `value` is the chosen account (null: none chosen yet).
     */
    account: {
      shown: choices.length > 1 || accountGone,
      choices,
      value: chosenAccount ? accountId : null,
      gone: accountGone && !accountChanged,
      chosen: chosenAccount,
      change: (next: string | null) => {
        setAccountId(next);
        setServerError(null);
      },
    },
    /** "Primeiro comentário": the text, its refusal (the network's rule or the server's), the change. */
    firstComment: { value: firstComment, error: firstCommentError, change: changeFirstComment },
    /** What stops saving: the server's reason, or a missing or invalid date, time or option. */
    blockingReason:
      serverError?.text ??
      errors.date ??
      errors.time ??
      (touched === 'all' ? Object.values(optionErrors)[0] : undefined) ??
      null,
    counter: { used, limit, over },
    editable,
    canWrite,
    latestDay,
    saving: update.isPending,
    /** The post is a "Rascunho": "Salvar rascunho" keeps it so, `schedule` ("Agendar") takes it out. */
    draft,
    schedule: () => save(true),
    /** The over-budget confirmation, when the server asked for one. */
    budgetConfirm: budget.element,
    submit,
  };
}

export type EditPostState = ReturnType<typeof useEditPost>;

/** The same options, whatever the order of their keys. */
function sameOptions(a: PostOptionValues, b: PostOptionValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}
