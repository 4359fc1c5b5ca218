import { type Database, hasRole, readRoleRow } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';

export interface RoleService {
  isAdmin(userId: string): Promise<boolean>;
}

/**
 * Spec §6: has_role decides; if it errors, read user_roles; if that fails too, the user is
 * treated as non-admin (deny by default).
 */
export function createRoleService(db: Kysely<Database>, logger: Logger): RoleService {
  return {
    async isAdmin(userId) {
      try {
        return await hasRole(db, userId, 'admin');
      } catch (error) {
        logger.warn({ err: error, userId }, 'has_role falhou; lendo user_roles');
      }
      try {
        return (await readRoleRow(db, userId)) === 'admin';
      } catch (error) {
        logger.error({ err: error, userId }, 'papel do usuário ilegível; tratando como não administrador');
        return false;
      }
    },
  };
}
