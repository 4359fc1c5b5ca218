// Threads' hosts (https://developers.facebook.com/docs/threads): the Authorization Window on
// threads.net, the token endpoints and the Graph-style API on graph.threads.net (Meta now also
// documents threads.com / graph.threads.com; both answer). One version, v1.0, since launch.
export const THREADS_AUTHORIZE_URL = 'https://threads.net/oauth/authorize';
export const THREADS_GRAPH = 'https://graph.threads.net';
export const THREADS_API = `${THREADS_GRAPH}/v1.0`;
