import { type DbHandle } from '../db/src/index.js';
export declare function testDatabaseUrl(): string;
export declare function testRedisPrefix(): string;
export declare function testDb(): Promise<DbHandle>;
export declare function uniqueEmail(label?: string): string;
export declare function makeUser(
  handle: DbHandle,
  label?: string,
): Promise<{
  id: string;
  email: string;
}>;
