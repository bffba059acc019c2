import { type ApiKeyScope, type ApiKeyView, apiKeyScopeSchema } from '@tapeline/core';
import type { ApiKeyRow } from '../../platform/db/schema.ts';

/** The scopes a row grants: only names core knows (a scope dropped in a later build grants nothing). */
export function scopesOf(row: Pick<ApiKeyRow, 'scopes'>): ApiKeyScope[] {
  return row.scopes.flatMap((s) => {
    const parsed = apiKeyScopeSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

export function presentApiKey(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: `tl_live_${row.keyId}`,
    scopes: scopesOf(row),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
