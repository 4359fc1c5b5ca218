// The X API v2 base URL, shared by the OAuth client, the publisher and the follower count.
export const X_API = 'https://api.twitter.com/2';
