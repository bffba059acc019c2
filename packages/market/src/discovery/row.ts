// The Discovery row type lives in core (discovery/row.ts) so the browser's display, sort and
// CSV rules and the engine share one definition.
export type { DiscoveryRow } from '@tapeline/core';
