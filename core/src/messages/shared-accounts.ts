// pt-BR texts for one network account connected in more than one workspace (docs/workspaces.md,
// "The same network account in two workspaces"). A workspace is named only to its members: the
// others are "outro cliente do Pauta", so no name leaks.

/** The other workspaces where the same network account is active, as the viewer may see them. */
export interface SharedAccountElsewhere {
  /** Names of the other workspaces the viewer is a member of (sorted). */
  names: string[];
  /** How many other workspaces the viewer is not a member of (named "outro cliente do Pauta"). */
  hidden: number;
}

/** "A", "A e B", "A, B e C". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** "em A e em outro cliente do Pauta", or null when the account is in no other workspace. */
function where(elsewhere: SharedAccountElsewhere): string | null {
  const parts: string[] = [];
  if (elsewhere.names.length > 0) parts.push(`em ${list(elsewhere.names)}`);
  if (elsewhere.hidden === 1) parts.push('em outro cliente do Pauta');
  else if (elsewhere.hidden > 1) parts.push('em outros clientes do Pauta');
  return parts.length === 0 ? null : parts.join(' e ');
}

export const sharedAccountMessages = {
  /** The card and the connect notice: "Esta conta também está conectada em <cliente>." */
  alsoConnected: (elsewhere: SharedAccountElsewhere): string | null => {
    const place = where(elsewhere);
    return place === null ? null : `Esta conta também está conectada ${place}.`;
  },
  /** The disconnect dialog and its success notice when the account stays active elsewhere. */
  stillConnected: (elsewhere: SharedAccountElsewhere): string | null => {
    const place = where(elsewhere);
    return place === null
      ? null
      : `A conta continua conectada ${place}; o acesso da Pauta na rede não foi revogado.`;
  },
};
