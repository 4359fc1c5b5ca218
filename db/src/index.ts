export * from './client.js';
export * from './crypto.js';
export * from './migrations.js';
export * from './repositories/settings.repository.js';
export * from './repositories/themes.repository.js';
export * from './repositories/users.repository.js';
export type * from './schema.js';
