// The live stream's batch is core's wire shape (`StreamBatchWire`): the engine builds the spec's
// arrays with core's codec, once per entry of a batch, and the runtime serializes them as is.
export type { StreamBatchWire as StreamBatch } from '@tapeline/core';
