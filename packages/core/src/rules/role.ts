import type { Role } from '../constants.ts';

/** The roles a route or screen can ask for; a trader is every signed-in user. */
export type RequiredRole = 'admin' | 'mod';

/** mod is met by mod or admin; admin only by admin. */
export function hasRole(role: Role, required: RequiredRole): boolean {
  return required === 'admin' ? role === 'admin' : role === 'admin' || role === 'mod';
}
