import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A core schema as JSON Schema 2020-12 (what OpenAPI 3.1 and AsyncAPI 3 schema objects are):
 * requests as they are sent (`input`), answers as they arrive (`output`). What JSON Schema cannot
 * say (a transform's code) is left open rather than failing the document; the refinements' words
 * are in the operations' summaries and docs/api.md.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}
