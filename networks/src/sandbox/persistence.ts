// Keeps the sandbox's state (users, grants, tokens, published posts, metrics overrides) in one
// JSON file so a restart of `npm start` does not turn every connected sandbox account into
// invalid_grant (issue 13). Writes are debounced and atomic: a temp file in the same folder, then
// rename, so a crash mid-write leaves the previous state, never half of one.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxPosts, SandboxPostsSnapshot } from './posts.js';
import type { SandboxStore, SandboxStoreSnapshot } from './store.js';

export const SANDBOX_STATE_VERSION = 1;

interface StateFile {
  version: number;
  savedAt: string;
  store: SandboxStoreSnapshot;
  posts: SandboxPostsSnapshot;
}

export interface SandboxPersistenceOptions {
  file: string;
  store: SandboxStore;
  posts: SandboxPosts;
  /** Wait after a change before writing (changes in between share the write). Default 200 ms. */
  debounceMs?: number;
  /** Told when a state file could not be read (it is moved aside and the sandbox starts empty). */
  onWarning?: (message: string) => void;
}

export class SandboxPersistence {
  private readonly file: string;
  private readonly debounceMs: number;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;
  private closed = false;

  constructor(private readonly options: SandboxPersistenceOptions) {
    this.file = path.resolve(options.file);
    this.debounceMs = options.debounceMs ?? 200;
    mkdirSync(path.dirname(this.file), { recursive: true });
  }

  /** Loads the saved state, if any. True when something was restored. */
  load(): boolean {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const state = JSON.parse(text) as StateFile;
      if (state.version !== SANDBOX_STATE_VERSION) throw new Error(`version ${String(state.version)}`);
      this.options.store.restore(state.store);
      this.options.posts.restore(state.posts);
      return true;
    } catch (error) {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      renameSync(this.file, aside);
      this.options.onWarning?.(
        `Estado do sandbox ilegível (${error instanceof Error ? error.message : 'erro'}); guardado em ${aside}. O sandbox começa vazio: reconecte as contas.`,
      );
      return false;
    }
  }

  /** Something changed: write soon (once for a burst of changes). */
  markDirty(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.writeNow();
    }, this.debounceMs);
    this.timer.unref();
  }

  private serialise(): string {
    const state: StateFile = {
      version: SANDBOX_STATE_VERSION,
      savedAt: new Date().toISOString(),
      store: this.options.store.snapshot(),
      posts: this.options.posts.snapshot(),
    };
    return JSON.stringify(state);
  }

  private async writeNow(): Promise<void> {
    if (this.writing !== null) {
      // One write at a time; the change that arrived meanwhile is written after it.
      await this.writing;
      if (this.dirty && this.timer === null && !this.closed) this.markDirty();
      return;
    }
    if (!this.dirty) return;
    this.dirty = false;
    const tmp = `${this.file}.${process.pid}.tmp`;
    this.writing = writeFile(tmp, this.serialise(), { mode: 0o600 })
      .then(() => rename(tmp, this.file))
      .catch((error: unknown) => {
        this.dirty = true;
        this.options.onWarning?.(
          `Não foi possível salvar o estado do sandbox (${(error as NodeJS.ErrnoException).code ?? 'erro'}).`,
        );
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  /** Writes whatever is pending, synchronously (shutdown), and stops scheduling writes. */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.closed = true;
    const tmp = `${this.file}.${process.pid}.final.tmp`;
    writeFileSync(tmp, this.serialise(), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
