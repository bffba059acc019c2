import {
  API_KEY_SCOPES,
  WS_V1_CLOSE,
  WS_V1_HEARTBEAT_MS,
  WS_V1_MAX_LAG_MS,
  WS_V1_PATH,
  wsV1ClientMessageSchema,
  wsV1ServerMessageSchema,
} from '@tapeline/core';
import { jsonSchemaOf } from './jsonSchema.ts';

export const ASYNCAPI_PATH = '/api/v1/asyncapi.json';

/** The AsyncAPI 3 document of /ws/v1, generated from core's wsV1 schemas. */
export function asyncApiDocument() {
  const closeCodes = Object.entries(WS_V1_CLOSE)
    .map(([name, code]) => `${code} ${name}`)
    .join(', ');
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Tapeline bot stream',
      version: '1.0.0',
      description:
        'JSON text frames. Authenticate with `Authorization: Bearer tl_live_…` on the upgrade or ' +
        '`{"action":"auth","key":"tl_live_…"}` first (never in the URL). Subscribe to `highs`, `lows`, ' +
        '`halts` (scope market:read), `alerts` (alerts:read) or `quotes:SYM` (market:read). Market ' +
        "streams carry the engine batch `seq` of epoch `ep`; `resume` replays from the node's backlog. " +
        `Heartbeats every ${WS_V1_HEARTBEAT_MS} ms; a consumer ${WS_V1_MAX_LAG_MS} ms behind is dropped. ` +
        `Close codes: ${closeCodes}.`,
    },
    servers: { tapeline: { host: 'localhost', protocol: 'wss', pathname: WS_V1_PATH } },
    channels: {
      stream: {
        address: WS_V1_PATH,
        messages: {
          clientMessage: { name: 'ClientMessage', payload: jsonSchemaOf(wsV1ClientMessageSchema, 'input') },
          serverMessage: { name: 'ServerMessage', payload: jsonSchemaOf(wsV1ServerMessageSchema, 'output') },
        },
      },
    },
    operations: {
      send: {
        action: 'send',
        channel: { $ref: '#/channels/stream' },
        summary: 'auth, subscribe, unsubscribe, resume, ping',
        messages: [{ $ref: '#/channels/stream/messages/clientMessage' }],
      },
      receive: {
        action: 'receive',
        channel: { $ref: '#/channels/stream' },
        summary: 'authenticated, subscribed, data, alert, quote, resumed, heartbeat, pong, error',
        messages: [{ $ref: '#/channels/stream/messages/serverMessage' }],
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'httpApiKey',
          name: 'Authorization',
          in: 'header',
          description: `Bearer tl_live_…; scopes ${API_KEY_SCOPES.join(', ')}`,
        },
      },
    },
  };
}
