// AI drafting for the web process: `aiConfigFromEnv` and `createAiClient` once per process, then
// the draft generator the routers call; `templatePosts` are the local drafts (benchmarks too).
export { aiConfigFromEnv, createAiClient } from './ai-client.js';
export { createDraftGenerator } from './draft-generator.js';
export { templatePosts } from './templates.js';
