// YouTube Data API v3 addresses (one project quota: docs/networks.md, "YouTube").
// https://developers.google.com/youtube/v3/docs
export const YOUTUBE_API = 'https://www.googleapis.com/youtube/v3';
/** The upload host's prefix: resumable video uploads and thumbnails.set take bytes there. */
export const YOUTUBE_UPLOAD_API = 'https://www.googleapis.com/upload/youtube/v3';
/** A video's public page (a Short plays at /shorts/<id> too; /watch works for every video). */
export const youtubeVideoUrl = (id: string): string =>
  `https://www.youtube.com/shorts/${encodeURIComponent(id)}`;
