// The selection of a list, board or calendar for bulk actions (docs/bulk-actions.md): explicit ids,
// or "every post matching the filter" (evaluated on the server). A new filter starts a new selection.
import { useCallback, useEffect, useState } from 'react';

export interface BulkSelectionState {
  /** The ids ticked one by one. */
  ids: ReadonlySet<string>;
  /** "Selecionar todos os N filtrados": the whole filter, not just what is loaded. */
  allFiltered: boolean;
  isSelected(id: string): boolean;
  /** Ticks or unticks one; unticking one of "all filtered" keeps the others that are loaded. */
  toggle(id: string, checked: boolean, loaded: readonly string[]): void;
  selectAllFiltered(): void;
  selectIds(ids: readonly string[]): void;
  clear(): void;
}

export function useBulkSelection(resetKey: string): BulkSelectionState {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [allFiltered, setAllFiltered] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger (the filter changed).
  useEffect(() => {
    setIds(new Set());
    setAllFiltered(false);
  }, [resetKey]);
  const toggle = useCallback(
    (id: string, checked: boolean, loaded: readonly string[]) => {
      const next = new Set(allFiltered ? loaded : ids);
      if (checked) next.add(id);
      else next.delete(id);
      setAllFiltered(false);
      setIds(next);
    },
    [allFiltered, ids],
  );
  return {
    ids,
    allFiltered,
    isSelected: (id) => allFiltered || ids.has(id),
    toggle,
    selectAllFiltered: () => {
      setAllFiltered(true);
      setIds(new Set());
    },
    selectIds: (next) => {
      setAllFiltered(false);
      setIds(new Set(next));
    },
    clear: () => {
      setAllFiltered(false);
      setIds(new Set());
    },
  };
}
