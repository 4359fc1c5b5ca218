// The X API v2 base URL, shared by the OAuth client, the publisher and the follower count.
export const X_API = 'https://api.twitter.com/2';
/** Media upload (`POST /2/media/upload`) and alt text (`POST /2/media/metadata`), on api.x.com. */
export const X_MEDIA_API = 'https://api.x.com/2/media';
