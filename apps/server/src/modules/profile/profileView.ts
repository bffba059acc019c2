import type { ProfileResponse } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { toProfileFields, toTraderFigures } from '../auth/userView.ts';

/** GET/POST /api/profile: the Profile tab's fields (spec §2), never email or hashes. */
export function toProfileView(row: UserRow): ProfileResponse {
  const { role: _sameAsFigures, ...profile } = toProfileFields(row);
  return { ...toTraderFigures(row), ...profile };
}
