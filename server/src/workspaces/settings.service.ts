// "Dados do cliente" and "Excluir cliente" (docs/workspaces.md): a workspace's name, colour and
// logo, and its deletion. The logo goes through the images' storage (local or S3) and their signed
// /media URLs (docs/media.md); deleting a workspace cancels its posts' wake-up jobs after the
// database deleted them under their row locks (workspace-admin.repository.ts deleteWorkspace).
import { AppError, WORKSPACE_LOGO_SIDE } from '@pauta/core';
import {
  countWorkspaceContents,
  deleteWorkspace,
  findWorkspaceBranding,
  listMemberLogos,
  reserveMediaKeys,
  setWorkspaceLogo,
  updateWorkspaceBranding,
  type WorkspaceBrandingRow,
  type WorkspaceContents,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl, withDecodeSlot } from '../media/media.service.js';
import { MediaRejectedError, processLogo } from '../media/process-image.js';
import { resolveWorkspace } from './scope.js';

export interface WorkspaceBranding {
  id: string;
  name: string;
  color: string | null;
  logoUrl: string | null;
  personal: boolean;
}

type BrandingDeps = Pick<AppDeps, 'media'>;

/** The branding as the browser sees it: the logo as a same-origin signed URL. */
export function toBranding(
  deps: BrandingDeps,
  row: WorkspaceBrandingRow,
  now = Date.now(),
): WorkspaceBranding {
  const signingKey = deps.media?.signingKey;
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    logoUrl: row.logo_key && signingKey ? browserMediaUrl(signingKey, row.logo_key, now) : null,
    personal: row.personal_of !== null,
  };
}

/** The current workspace's branding and what deleting it would delete. */
export async function readWorkspaceSettings(
  deps: Pick<AppDeps, 'db' | 'media'>,
  workspaceId: string,
): Promise<{ workspace: WorkspaceBranding; contents: WorkspaceContents }> {
  const [row, contents] = await Promise.all([
    findWorkspaceBranding(deps.db, workspaceId),
    countWorkspaceContents(deps.db, workspaceId),
  ]);
  if (!row) throw new AppError('WORKSPACE_UNAVAILABLE');
  return { workspace: toBranding(deps, row), contents };
}

/** The person's workspaces' logos (the switcher shows them beside the names). */
export async function readMemberLogos(
  deps: Pick<AppDeps, 'db' | 'media'>,
  userId: string,
): Promise<{ logos: Record<string, string> }> {
  const signingKey = deps.media?.signingKey;
  if (!signingKey) return { logos: {} };
  const now = Date.now();
  const rows = await listMemberLogos(deps.db, userId);
  return { logos: Object.fromEntries(rows.map((r) => [r.id, browserMediaUrl(signingKey, r.logo_key, now)])) };
}

/** Renames and/or recolours (already validated by the router). */
export async function updateBranding(
  deps: Pick<AppDeps, 'db' | 'media'>,
  workspaceId: string,
  changes: { name?: string | undefined; color?: string | null | undefined },
): Promise<WorkspaceBranding> {
  const row = await updateWorkspaceBranding(deps.db, workspaceId, changes);
  if (!row) throw new AppError('WORKSPACE_UNAVAILABLE');
  return toBranding(deps, row);
}

/** Files of a logo that never became the workspace's are deleted by the sweeper after this long. */
const RESERVATION_GRACE_MS = 15 * 60_000;

/**
 * A new logo for the workspace: checked and re-encoded (processLogo), written under a new key
 * reserved first (a crash leaves a file the sweeper deletes), then set on the workspace's row,
 * which queues the previous logo's file. `uploadId` is the upload's Idempotency-Key: the same id
 * again answers the logo already stored without decoding anything.
 */
export async function uploadLogo(
  deps: Pick<AppDeps, 'db' | 'media' | 'logger'>,
  options: { workspaceId: string; uploadId: string; body: Buffer },
): Promise<{ workspace: WorkspaceBranding; created: boolean }> {
  const media = deps.media;
  if (!media) throw new AppError('INTERNAL');
  const key = `workspaces/${options.workspaceId}/logo-${options.uploadId}.webp`;
  const current = await findWorkspaceBranding(deps.db, options.workspaceId);
  if (!current) throw new AppError('WORKSPACE_UNAVAILABLE');
  if (current.logo_key === key) return { workspace: toBranding(deps, current), created: false };
  let logo: Awaited<ReturnType<typeof processLogo>>;
  try {
    logo = await withDecodeSlot(() => processLogo(options.body, WORKSPACE_LOGO_SIDE));
  } catch (error) {
    if (error instanceof MediaRejectedError) throw new AppError('MEDIA_REJECTED', error.rejection);
    throw error;
  }
  await reserveMediaKeys(deps.db, [key], { graceMs: RESERVATION_GRACE_MS });
  await media.storage.put(key, logo.bytes, 'image/webp');
  const row = await setWorkspaceLogo(deps.db, options.workspaceId, key);
  if (!row) throw new AppError('WORKSPACE_UNAVAILABLE');
  media.kickSweeper?.();
  return { workspace: toBranding(deps, row), created: true };
}

/** Removes the logo (its file is queued for the sweeper); nothing to remove is not an error. */
export async function removeLogo(
  deps: Pick<AppDeps, 'db' | 'media'>,
  workspaceId: string,
): Promise<WorkspaceBranding> {
  const row = await setWorkspaceLogo(deps.db, workspaceId, null);
  if (!row) throw new AppError('WORKSPACE_UNAVAILABLE');
  deps.media?.kickSweeper?.();
  return toBranding(deps, row);
}

/**
 * "Excluir cliente": the owner (`workspace.delete`, checked by the one membership check) types the
 * name to confirm. Refused for the personal workspace and while one of its posts is being
 * published (nothing deleted); otherwise the workspace and everything in it is gone in one
 * transaction, then its posts' wake-up jobs are removed (a job left behind would claim nothing:
 * its row is gone). Every member's membership goes with it, so each one's next call answers
 * WORKSPACE_UNAVAILABLE and their live stream ends (the `member:` notice drops their cached rows).
 */
export async function deleteWorkspaceAs(
  deps: Pick<AppDeps, 'db' | 'cache' | 'queue' | 'logger'>,
  options: { userId: string; workspaceId: string; confirmName: string; requestId?: string },
): Promise<{ deleted: true; id: string }> {
  const scope = await resolveWorkspace(deps, {
    userId: options.userId,
    requested: options.workspaceId,
    action: 'workspace.delete',
    readOnly: false,
  });
  const row = await findWorkspaceBranding(deps.db, scope.id);
  if (!row) throw new AppError('WORKSPACE_UNAVAILABLE');
  if (row.personal_of !== null) throw new AppError('WORKSPACE_PERSONAL');
  if (options.confirmName.trim() !== row.name.trim()) throw new AppError('WORKSPACE_NAME_MISMATCH');
  const result = await deleteWorkspace(deps.db, scope.id);
  if (!result.deleted) {
    if (result.reason === 'PUBLISHING') throw new AppError('WORKSPACE_PUBLISHING');
    if (result.reason === 'PERSONAL') throw new AppError('WORKSPACE_PERSONAL');
    throw new AppError('WORKSPACE_UNAVAILABLE');
  }
  await deps.queue.cancelPublish(result.posts, options.requestId);
  deps.logger.info(
    {
      userId: options.userId,
      workspaceId: scope.id,
      posts: result.posts.length,
      members: result.members.length,
    },
    'cliente excluído',
  );
  return { deleted: true, id: scope.id };
}
