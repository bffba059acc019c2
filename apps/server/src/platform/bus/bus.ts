/**
 * The message bus between the market engine and the gateways. In one process it is a plain
 * dispatcher; across nodes it is Redis pub/sub. Payloads are serialized once by the publisher
 * (a string or bytes) and passed through untouched.
 */
export type BusPayload = string | Buffer;
export type BusHandler = (payload: BusPayload) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, payload: BusPayload): Promise<void>;
  /** Returns the function that removes this subscription. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
