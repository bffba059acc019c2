import {
  API_KEY_SCOPES,
  API_V1_RATE,
  V1_OPERATIONS,
  V1_SCOPE_HELP,
  type V1Operation,
  v1ErrorSchema,
} from '@tapeline/core';
import { type JsonSchema, jsonSchemaOf } from './jsonSchema.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const REQUIRES: Record<V1Operation['requires'], string> = {
  any: 'any user',
  subscriber: 'an active subscription',
  pro: 'a Pro or Pro Plus plan',
  proplus: 'a Pro Plus plan',
};

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'Malformed input, or a key sent in the URL (`api_key_in_url`)',
  '401': 'No key, an unknown or revoked key (`invalid_api_key`)',
  '403': "The key lacks the scope (`scope_missing`), or the user's plan does not open this",
  '429': 'The key spent its allowance (`rate_limited`); wait `Retry-After` seconds',
};

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests per window for this key', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts over', schema: { type: 'integer' } },
};

/** Path or query parameters from an object schema's properties. */
function parameters(schema: JsonSchema, where: 'path' | 'query') {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operationObject(id: string, op: V1Operation) {
  const errors = Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  const scope = op.scope ? `Scope \`${op.scope}\`` : 'Any scope';
  return {
    operationId: id,
    summary: op.summary,
    description: `${scope}; the key's user needs ${REQUIRES[op.requires]}.`,
    tags: [op.tag],
    security: [{ apiKey: op.scope ? [op.scope] : [] }],
    parameters: [
      ...(op.params ? parameters(jsonSchemaOf(op.params, 'input'), 'path') : []),
      ...(op.query ? parameters(jsonSchemaOf(op.query, 'input'), 'query') : []),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'OK',
        headers: RATE_HEADERS,
        content: { 'application/json': { schema: jsonSchemaOf(op.response, 'output') } },
      },
      ...errors,
    },
  };
}

/**
 * The OpenAPI 3.1 document of /api/v1, generated from core's V1_OPERATIONS and their zod schemas
 * (never written by hand): the server registers the same entries, so the two cannot differ.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, op] of Object.entries(V1_OPERATIONS) as [string, V1Operation][]) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(id, op);
    paths[op.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tapeline API',
      version: '1.0.0',
      description:
        `Personal API keys (Profile → API) act as their user: the plan's rules apply as in the browser. ` +
        `Send \`Authorization: Bearer tl_live_…\`; a key in the URL is refused. ` +
        `${API_V1_RATE.points} requests per ${API_V1_RATE.windowSec} s per key. ` +
        'Live highs, lows, halts, alerts and quotes: the WebSocket at /ws/v1 (AsyncAPI at /api/v1/asyncapi.json).',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'account', description: 'The key itself' },
      { name: 'market', description: V1_SCOPE_HELP['market:read'] },
      { name: 'alerts', description: `${V1_SCOPE_HELP['alerts:read']}; ${V1_SCOPE_HELP['alerts:write']}` },
    ],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(v1ErrorSchema, 'output') },
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tl_live_…',
          description: `Scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\` (${V1_SCOPE_HELP[s]})`).join(', ')}.`,
        },
      },
    },
  };
}
