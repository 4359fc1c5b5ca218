// The state and the save of "Novo post" (docs/composer.md): a base text every chosen network
// inherits until its own text is written, each network's options, one date-time in the person's
// zone, and one server call (posts.compose) that stores a post per network or nothing.
import {
  getErrorMessage,
  isBeyondScheduleHorizon,
  measurePostLength,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
  type PreflightReport,
  scheduleHorizon,
} from '@pauta/core';
import {
  firstCommentRefusal,
  NETWORK_PROFILES,
  type PostOptionValues,
  validatePostOptions,
} from '@pauta/networks/browser';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useCan } from '../../app/permissions';
import { useGuardedMutation } from '../../lib/actions';
import { errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useBudgetConfirm } from '../budget/ComposerBudget';
import { describeScheduleError } from '../posts/post-errors';
import { combineLocalDateTime, localDayKey, normalizeTime } from '../posts/time-zone';
import { accountHandle, useActiveAccounts } from '../posts/useActiveAccounts';
import { useRefreshPosts } from '../posts/usePostActions';
import {
  type ComposerImage,
  type ComposerUploader,
  type ComposerVideoUploader,
  type MediaTarget,
  useComposerMedia,
} from './useComposerMedia';

const text = messages.composer;
const DAY_MS = 86_400_000;
const DEFAULT_TIME = '09:00';

type ComposeAction = 'schedule' | 'queue' | 'draft' | 'review';

interface ComposerFieldErrors {
  theme?: string | undefined;
  networks?: string | undefined;
  title?: string | undefined;
  date?: string | undefined;
  time?: string | undefined;
}

/**
 * Where a tab publishes: a network, or one account of a network where the workspace has several
 * (docs/workspaces.md "Several accounts of one network"). `key` is the network's id when it has one
 * account (as before), `<network>:<account id>` otherwise.
 */
export interface ComposerTarget {
  key: string;
  platform: Platform;
  /** Named only where the network has several accounts; null: its only one (the server resolves it). */
  accountId: string | null;
  /** "@loja_centro" where the network has several accounts; null otherwise. */
  handle: string | null;
  /** "Instagram" or "Instagram · @loja_centro". */
  label: string;
}

/** One chosen network (or account) as its tab shows it. */
export interface NetworkDraft {
  key: string;
  platform: Platform;
  accountId: string | null;
  handle: string | null;
  /** The network's name, with the account's @handle where the network has several. */
  label: string;
  /** The text this network publishes: its own, or the base text. */
  content: string;
  inherits: boolean;
  used: number;
  limit: number;
  over: boolean;
  options: PostOptionValues;
  optionErrors: Record<string, string>;
  /** The first comment typed in this tab ('' = none). */
  firstComment: string;
  /** The images this network publishes: its own, or the base's. */
  media: ComposerImage[];
  /** The network's list holds the composer's video. */
  hasVideo: boolean;
  inheritsMedia: boolean;
  /** Why this network cannot be saved (the browser's check or the server's refusal); null when fine. */
  issue: string | null;
  /** What this tab's "Antes de agendar" checks: the tab's text, options and the chosen date-time. */
  preflight: {
    platform: Platform;
    accountId: string | null;
    content: string;
    scheduledFor: Date | null;
    networkOptions: PostOptionValues | undefined;
    composerMedia: string[];
  };
  /** The first blocking line of this network's pre-flight; null when nothing blocks. */
  blocking: string | null;
}

export function useComposer(
  timeZone: string,
  onSaved: () => void,
  uploader?: ComposerUploader,
  videoUploader?: ComposerVideoUploader,
) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const canWrite = useCan('posts.write');
  const themes = useQuery(trpc.themes.list.queryOptions());
  const accounts = useQuery({ ...trpc.accounts.list.queryOptions(), staleTime: 60_000 });
  const active = useActiveAccounts();
  /** The workspace's connected networks (the accounts the worker would publish with), in the registry's order. */
  const connectedPlatforms = (accounts.data ?? [])
    .filter((card) => card.account !== null)
    .map((card) => card.platform);
  /** Where a post can go: one choice per network, or per account where a network has several. */
  const targets: ComposerTarget[] = connectedPlatforms.flatMap((platform): ComposerTarget[] => {
    const network = PLATFORM_LABELS[platform];
    if (!active.several(platform))
      return [{ key: platform, platform, accountId: null, handle: null, label: network }];
    return active.of(platform).map((account) => {
      const handle = accountHandle(account);
      return {
        key: `${platform}:${account.id}`,
        platform,
        accountId: account.id,
        handle,
        label: `${network} · ${handle}`,
      };
    });
  });
  const targetOf = (key: string) => targets.find((target) => target.key === key) ?? null;
  const connected = targets.map((target) => target.key);
  const textLimitOf = (key: string) => {
    const target = targetOf(key);
    const platform = target?.platform ?? (key as Platform);
    const own = target?.accountId
      ? active.byId(target.accountId)?.textLimit
      : accounts.data?.find((card) => card.platform === platform)?.account?.textLimit;
    return typeof own === 'number' ? own : PLATFORM_TEXT_LIMITS[platform];
  };

  const [themeId, setThemeIdState] = useState<string | null>(null);
  // Everything per tab is keyed by its target's key (a network, or a network's account).
  const [selectedKeys, setSelected] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [base, setBase] = useState('');
  const [own, setOwn] = useState<Partial<Record<string, string>>>({});
  const [options, setOptions] = useState<Partial<Record<string, PostOptionValues>>>({});
  const [comments, setComments] = useState<Partial<Record<string, string>>>({});
  // Tomorrow at 09:00 in the person's zone until another date-time is picked.
  const [date, setDate] = useState<string | null>(() => localDayKey(new Date(Date.now() + DAY_MS), timeZone));
  const [time, setTime] = useState(DEFAULT_TIME);
  const [errors, setErrors] = useState<ComposerFieldErrors>({});
  const [serverIssues, setServerIssues] = useState<Partial<Record<string, string>>>({});
  const [checked, setChecked] = useState(false);
  const [activeKey, setActive] = useState<string | null>(null);
  // A chosen account that is no longer active (disconnected meanwhile) leaves the choice.
  const selected = selectedKeys.filter((key) => targetOf(key) !== null);
  const platformOf = (key: string) => targetOf(key)?.platform ?? (key as Platform);
  const media = useComposerMedia(uploader, videoUploader);
  /** A network's list holds the composer's video: its video-only options apply (YouTube, TikTok). */
  const hasVideo = (key: string) => media.of(key).some((item) => item.kind === 'video');
  // Each chosen network's last pre-flight answer (ComposerModal's watchers report them).
  const [reports, setReports] = useState<Partial<Record<string, PreflightReport>>>({});
  const onScreenTime = combineLocalDateTime(date, normalizeTime(time), timeZone);
  const reportPreflight = useCallback((key: string, report: PreflightReport | undefined) => {
    setReports((current) => (current[key] === report ? current : { ...current, [key]: report }));
  }, []);

  const theme = themes.data?.find((item) => item.id === themeId) ?? null;
  const requiresApproval = theme?.requiresApproval === true;
  const latestDay = localDayKey(scheduleHorizon(new Date()), timeZone);

  const dropIssue = (key: string) =>
    setServerIssues((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });

  const dropMediaIssues = (target: MediaTarget) => {
    if (target !== 'base') dropIssue(target);
    else for (const key of selected) if (media.own[key] === undefined) dropIssue(key);
  };

  const drafts: NetworkDraft[] = selected.map((key) => {
    const target = targetOf(key)!;
    const { platform } = target;
    const content = own[key] ?? base;
    const limit = textLimitOf(key);
    const used = measurePostLength(platform, content);
    const values = options[key] ?? {};
    const declares = (NETWORK_PROFILES[platform].postOptions ?? []).length > 0;
    const validated = declares ? validatePostOptions(platform, { hasVideo: hasVideo(key), values }) : null;
    const optionErrors: Record<string, string> = {};
    if (checked && validated && !validated.ok)
      for (const issue of validated.issues) optionErrors[issue.key] ??= issue.message;
    const label = target.label;
    const comment = comments[key] ?? '';
    const commentIssue = comment.trim() ? firstCommentRefusal(platform, comment.trim()) : null;
    const local =
      used > limit
        ? messages.posts.tooLongFor(label, limit)
        : commentIssue
          ? commentIssue
          : checked && content.trim().length === 0
            ? text.textRequired(label)
            : (Object.values(optionErrors)[0] ?? null);
    return {
      key,
      platform,
      accountId: target.accountId,
      handle: target.handle,
      label,
      content,
      inherits: own[key] === undefined,
      used,
      limit,
      over: used > limit,
      options: values,
      optionErrors,
      firstComment: comment,
      media: media.of(key),
      hasVideo: hasVideo(key),
      inheritsMedia: media.own[key] === undefined,
      issue: serverIssues[key] ?? local,
      preflight: {
        platform,
        accountId: target.accountId,
        content,
        scheduledFor: onScreenTime,
        networkOptions: declares ? values : undefined,
        composerMedia: media.of(key).map((image) => image.id),
      },
      blocking:
        reports[key]?.level === 'blocking'
          ? (reports[key]?.checks.find((check) => check.level === 'blocking')?.message ?? null)
          : null,
    };
  });
  // "Agendar" and "Adicionar à fila" wait while a network's pre-flight has a blocking line.
  const blockedDraft = drafts.find((draft) => draft.blocking !== null);
  const preflightBlocked = blockedDraft
    ? text.preflightBlocked(blockedDraft.label, blockedDraft.blocking ?? '')
    : null;

  // Past a network's budget the server asks first (BUDGET_EXCEEDED): Editar Post's confirmation,
  // whose "Agendar mesmo assim" sends the same save with `confirmOverBudget` (docs/budgets.md).
  const budget = useBudgetConfirm(timeZone);
  const compose = useGuardedMutation(
    trpc.posts.compose.mutationOptions({
      onSuccess: async (result, variables) => {
        const kept = result.posts.filter((post) => post.slotAt === null).length;
        showSuccess(
          messages.common.success,
          variables.action === 'queue'
            ? text.queued(result.posts.length - kept, kept)
            : result.posts.some((post) => post.status === 'draft')
              ? text.draftsSaved(result.posts.length)
              : variables.networks.some((network) => network.accountId)
                ? text.savedPerAccount(result.posts.length)
                : text.saved(result.posts.length),
        );
        media.saved(variables.networks.flatMap((network) => (network.media ?? []).map((item) => item.id)));
        onSaved();
        await refresh();
      },
      onError: (error, variables) => {
        if (budget.intercept(error, () => compose.mutate({ ...variables, confirmOverBudget: true }))) return;
        const refused = errorDetails(error, 'VALIDATION_FAILED');
        const issues = refused?.networkIssues ?? [];
        if (issues.length > 0) {
          // Each refusal in its tab: the account's where it names one, else the network's.
          const keyOf = (issue: (typeof issues)[number]) =>
            issue.accountId ? `${issue.platform}:${issue.accountId}` : issue.platform;
          setServerIssues(Object.fromEntries(issues.map((issue) => [keyOf(issue), issue.message])));
          setActive(keyOf(issues[0]!));
          showError(
            messages.common.error,
            text.refusedIn(
              issues
                .map((issue) => targetOf(keyOf(issue))?.label ?? PLATFORM_LABELS[issue.platform])
                .join(', '),
            ),
          );
          return;
        }
        const scheduleText = describeScheduleError(error);
        if (scheduleText) setErrors((current) => ({ ...current, date: scheduleText }));
        showError(messages.common.error, requestStateText(error) ?? scheduleText ?? text.error);
      },
    }),
  );

  const submit = (action: ComposeAction) => {
    if (media.busy) return;
    if (preflightBlocked && (action === 'schedule' || action === 'queue')) {
      if (blockedDraft) setActive(blockedDraft.platform);
      return;
    }
    setChecked(true);
    setServerIssues({});
    budget.clear();
    const found: ComposerFieldErrors = {};
    if (!theme) found.theme = text.themeRequired;
    if (selected.length === 0) found.networks = text.networksRequired;
    if (title.trim().length === 0) found.title = messages.posts.titleRequired;
    const typedTime = normalizeTime(time);
    if (!date) found.date = messages.posts.dateRequired;
    if (!typedTime) found.time = messages.posts.timeRequired;
    const scheduledFor = combineLocalDateTime(date, typedTime, timeZone);
    if (date && typedTime && !scheduledFor) found.time = messages.posts.invalidTime;
    if (scheduledFor && isBeyondScheduleHorizon(scheduledFor, new Date()))
      found.date = getErrorMessage('SCHEDULE_OUT_OF_RANGE');
    setErrors(found);
    // Every network's own check, at once (the same rules the server applies next).
    const blocked = selected.filter((key) => {
      const platform = platformOf(key);
      const content = own[key] ?? base;
      if (content.trim().length === 0) return true;
      if (measurePostLength(platform, content) > textLimitOf(key)) return true;
      const comment = comments[key]?.trim() ?? '';
      if (comment && firstCommentRefusal(platform, comment)) return true;
      const declares = (NETWORK_PROFILES[platform].postOptions ?? []).length > 0;
      return (
        declares && !validatePostOptions(platform, { hasVideo: hasVideo(key), values: options[key] ?? {} }).ok
      );
    });
    if (blocked.length > 0 && !blocked.includes(activeKey ?? '')) setActive(blocked[0]!);
    if (Object.keys(found).length > 0 || blocked.length > 0 || !scheduledFor || !theme) return;
    compose.mutate({
      themeId: theme.id,
      title: title.trim(),
      baseContent: base,
      networks: selected.map((key) => {
        const { platform, accountId } = targetOf(key)!;
        const declares = (NETWORK_PROFILES[platform].postOptions ?? []).length > 0;
        const comment = comments[key]?.trim() ?? '';
        const images = media.of(key);
        return {
          platform,
          // Named only where the network has several accounts: one post per account.
          ...(accountId ? { accountId } : {}),
          content: own[key] ?? null,
          ...(images.length > 0
            ? { media: images.map((image) => ({ id: image.id, altText: image.alt.trim() })) }
            : {}),
          ...(declares ? { networkOptions: options[key] ?? {} } : {}),
          ...(comment ? { firstComment: comment } : {}),
        };
      }),
      scheduledFor,
      action,
    });
  };

  return {
    canWrite,
    themes: themes.data ?? null,
    themesLoading: themes.isPending,
    /** The choices of "Redes": a network, or each account of a network that has several. */
    targets,
    connected,
    accountsLoading: accounts.isPending,
    theme,
    requiresApproval,
    latestDay,
    fields: { themeId, selected, title, base, date, time },
    set: {
      theme(id: string | null) {
        setThemeIdState(id);
        setErrors((current) => ({ ...current, theme: undefined }));
        // The theme's networks that are connected, when none was picked yet. A network with
        // several accounts is not ticked: the person picks which accounts it goes out from.
        const chosen = themes.data?.find((item) => item.id === id);
        if (chosen && selected.length === 0) {
          const preset = targets
            .filter((target) => target.accountId === null && chosen.socialNetworks.includes(target.platform))
            .map((target) => target.key);
          setSelected(preset);
          setActive(preset[0] ?? null);
        }
      },
      networks(next: string[]) {
        // In the registry's order, whatever order they were ticked in.
        const ordered = connected.filter((key) => next.includes(key));
        setSelected(ordered);
        setErrors((current) => ({ ...current, networks: undefined }));
        if (!ordered.includes(activeKey ?? '')) setActive(ordered[0] ?? null);
      },
      title: setTitle,
      base(next: string) {
        setBase(next);
        // The base text changes every inheriting tab: their server refusals no longer hold.
        for (const key of selected) if (own[key] === undefined) dropIssue(key);
      },
      own(tab: string, next: string) {
        setOwn((current) => ({ ...current, [tab]: next }));
        dropIssue(tab);
      },
      backToBase(tab: string) {
        setOwn((current) => {
          const { [tab]: _dropped, ...rest } = current;
          return rest;
        });
        dropIssue(tab);
      },
      option(tab: string, key: string, value: PostOptionValues[string]) {
        setOptions((current) => ({ ...current, [tab]: { ...(current[tab] ?? {}), [key]: value } }));
        dropIssue(tab);
      },
      firstComment(tab: string, next: string) {
        setComments((current) => ({ ...current, [tab]: next }));
        dropIssue(tab);
      },
      date: setDate,
      time: setTime,
    },
    active: activeKey && selected.includes(activeKey) ? activeKey : (selected[0] ?? null),
    setActive,
    drafts,
    /** Editar Post's "Agendar acima do orçamento?" after a BUDGET_EXCEEDED refusal; null otherwise. */
    budgetConfirm: budget.element,
    /** Why "Agendar" / "Adicionar à fila" are disabled now: a network's pre-flight blocks; null otherwise. */
    preflightBlocked,
    reportPreflight,
    /** The images: the base's and each tab's own; a change drops the server's refusal of the tabs it touches. */
    media: {
      base: media.base,
      uploading: media.uploading,
      videos: media.videos,
      errors: media.errors,
      busy: media.busy,
      add(target: MediaTarget, files: File[]) {
        media.add(target, files);
        dropMediaIssues(target);
      },
      remove(target: MediaTarget, id: string) {
        media.remove(target, id);
        dropMediaIssues(target);
      },
      alt: media.alt,
      chooseOwn(tab: string) {
        media.chooseOwn(tab);
        dropIssue(tab);
      },
      inheritBase(tab: string) {
        media.inheritBase(tab);
        dropIssue(tab);
      },
    },
    errors,
    saving: compose.isPending,
    submit,
  };
}

export type ComposerState = ReturnType<typeof useComposer>;
