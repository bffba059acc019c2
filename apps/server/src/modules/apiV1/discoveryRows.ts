import {
  discoveryAccess,
  type ServedDiscoveryRow,
  type TimeframeId,
  type V1DiscoveryFilterRequest,
} from '@tapeline/core';
import { compileSmartFilter, spyPriceDist } from '@tapeline/market';
import type { Principal } from '../../platform/http/guards.ts';
import { askEngine } from '../market/dataHost/routes.ts';
import type { EngineSource } from '../market/engine/source.ts';

/**
 * GET /api/v1/discovery/{tf}: the data host's own query (the engine leaves out the columns the
 * user's plan does not open, as for the browser), wrapped as `{tf, rows}` without parsing it.
 */
export async function discoveryRowsJson(engine: EngineSource, { subscription }: Principal, tf: TimeframeId) {
  const json = await askEngine(engine, { kind: 'discovery', tf, access: discoveryAccess(subscription) });
  return `{"tf":${JSON.stringify(tf)},"rows":${json}}`;
}

/**
 * POST /api/v1/discovery/{tf}/filter: the rows that pass a smart filter, evaluated by the one
 * evaluator the Discovery table and filtered alerts use (@tapeline/market smartFilter). A column
 * the plan does not open is not in the rows, so a condition on it matches nothing.
 */
export async function filteredDiscoveryRows(
  engine: EngineSource,
  { subscription }: Principal,
  tf: TimeframeId,
  filter: V1DiscoveryFilterRequest,
) {
  const json = await askEngine(engine, { kind: 'discovery', tf, access: discoveryAccess(subscription) });
  const rows = JSON.parse(json) as ServedDiscoveryRow[];
  const passes = compileSmartFilter(
    {
      type: filter.type,
      values: filter.values,
      ...(filter.sectors ? { sector: { min: filter.sectors } } : {}),
    },
    { spyPriceDist: spyPriceDist(rows) },
  );
  return { tf, rows: rows.filter(passes) };
}
