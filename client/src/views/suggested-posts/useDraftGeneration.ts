import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { navigate } from '../../app/navigation';
import { viewPath } from '../../app/view-paths';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf } from '../../lib/errors';
import type { Draft, DraftMode, DraftSource } from '../../lib/themes';
import { showError, showInfo, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.posts;

/** The toast text of a failed generation (spec §7/§8 texts). */
function generationErrorText(error: unknown): string {
  switch (errorCodeOf(error)) {
    case 'AI_MALFORMED':
      return text.invalidAiResponse;
    case 'RATE_LIMITED':
      return text.aiRateLimited;
    case 'NOT_FOUND':
      return messages.themes.themeNotFound;
    default:
      return text.aiError;
  }
}

/**
 * The drafts of a theme, kept in memory only: `run` generates more (one generation at a time),
 * `remove` and `replace` edit the list. With `autoGenerate` (arrival from a card's 'Gerar 5
 * Posts') one generation starts at once.
 */
export function useDraftGeneration(themeId: string, autoGenerate: boolean) {
  const trpc = useTRPC();
  const generate = useMutation(trpc.themes.generateDrafts.mutationOptions());
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [source, setSource] = useState<DraftSource | null>(null);
  const [localModels, setLocalModels] = useState(false);
  const started = useRef(false);

  // One generation at a time: a double-click on Gerar 5 Posts generates five, not ten.
  const [run, generating] = useSingleFlight(async (mode: DraftMode) => {
    try {
      const result = await generate.mutateAsync({ themeId, mode });
      setDrafts((current) => [...current, ...result.drafts]);
      setSource(result.source);
      setLocalModels(result.fallbackReason === 'no_key');
      if (result.source === 'ai')
        showSuccess(messages.common.success, text.postsGenerated(result.drafts.length));
      else if (result.fallbackReason === 'no_key')
        showInfo(messages.common.info, text.draftsFromLocalTemplates(result.drafts.length));
      else showWarning(messages.common.warning, text.draftsFromTemplates(result.drafts.length));
    } catch (error) {
      showError(messages.common.error, generationErrorText(error));
    }
  });

  // The card button's generation runs once on arrival; the URL then forgets `from=card` so a
  // reload or Back does not spend another AI request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per theme on arrival
  useEffect(() => {
    if (!autoGenerate || started.current) return;
    started.current = true;
    navigate(viewPath('suggested-posts', { theme: themeId }), { replace: true });
    void run('card');
  }, []);

  return {
    drafts,
    source,
    localModels,
    run,
    generating,
    remove: (id: string) => setDrafts((current) => current.filter((draft) => draft.id !== id)),
    replace: (updated: Draft) =>
      setDrafts((current) => current.map((draft) => (draft.id === updated.id ? updated : draft))),
  };
}
