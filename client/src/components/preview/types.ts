/** An image of a post, as the preview shows it (m-media's upload passes these in). */
export interface PreviewImage {
  url: string;
  alt: string;
}

/** The connected account a post goes out from (from `accounts.list`); null = not connected. */
export interface PreviewAccount {
  name: string | null;
  username: string | null;
  pageName: string | null;
  avatarUrl: string | null;
  /** Its follower count where the network shows it under the name (a LinkedIn Page); absent: not shown. */
  followers?: number | null;
}

/**
 * The post's video, as the preview draws it (Editar Post: from `media.list`; Novo post: the picked
 * file, whose facts the browser reads from the video's own metadata — null until then).
 */
export interface PreviewVideo {
  /** The video's URL (signed, or the picked file's object URL); its first frame shows while it has no cover. */
  url: string;
  /** The cover image (a chosen frame or an uploaded image); null until one is chosen. */
  coverUrl: string | null;
  /** Null: not known yet (no badge until the metadata is read). */
  durationSeconds: number | null;
  /** As shown (after the file's rotation); null: not known yet. */
  width: number | null;
  height: number | null;
}

/** What the browser reads from a video's metadata. */
export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
}
