import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { publicRoute, route } from '../../../platform/http/route.ts';
import { ASYNCAPI_PATH, asyncApiDocument } from './asyncapi.ts';
import { OPENAPI_PATH, openApiDocument } from './openapi.ts';

export const DOCS_PATH = '/api/docs';

/**
 * The reference page's own policy: scripts from this server only (the renderer's bundle and the
 * few lines that start it, no inline script), no frames, no form posts. The renderer (Scalar)
 * sets its styles from script, so this page alone allows inline styles; it holds no session.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tapeline API reference</title>
</head>
<body>
<div id="app"></div>
<script src="${DOCS_PATH}/scalar.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`;

/** Starts the renderer on the OpenAPI document: no fonts, telemetry or proxy from elsewhere. */
const START = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  // Scalar's AI agent asks proxy.scalar.com for its registry: nothing leaves for elsewhere.
  agent: { disabled: true },
})});\n`;

/**
 * The renderer bundles an older zod whose first parse probes `new Function('')` to choose its
 * compiled parsers; under `script-src 'self'` that probe is a CSP violation on every load (the
 * same probe our own app answers with zod's `jitless`, apps/web/src/zodConfig.ts). That zod has
 * no global switch, so the probe is answered "no eval" in the bundle as served. If an upgrade
 * changes the probe's text, e2e/apiDocs.spec.ts sees the violation again.
 */
const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';
const withoutEvalProbe = (source: Buffer) =>
  Buffer.from(source.toString('utf8').replace(EVAL_PROBE, 'return!1'));

/** The renderer's self-contained bundle, from node_modules (read once, on first use). */
let bundle: Promise<Buffer> | null = null;
const scalarBundle = () => {
  bundle ??= readFile(
    createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'),
  ).then(withoutEvalProbe);
  return bundle;
};

/** GET /api/v1/openapi.json, /api/v1/asyncapi.json and the reference page at /api/docs: public. */
export function serveApiDocs(app: FastifyInstance): void {
  const openapi = JSON.stringify(openApiDocument());
  const asyncapi = JSON.stringify(asyncApiDocument());
  route(app, { method: 'GET', url: OPENAPI_PATH, guard: publicRoute }, async ({ reply }) =>
    reply.type('application/json').send(openapi),
  );
  route(app, { method: 'GET', url: ASYNCAPI_PATH, guard: publicRoute }, async ({ reply }) =>
    reply.type('application/json').send(asyncapi),
  );
  route(app, { method: 'GET', url: DOCS_PATH, guard: publicRoute }, async ({ reply }) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(PAGE),
  );
  route(app, { method: 'GET', url: `${DOCS_PATH}/start.js`, guard: publicRoute }, async ({ reply }) =>
    reply.type('text/javascript; charset=utf-8').send(START),
  );
  route(app, { method: 'GET', url: `${DOCS_PATH}/scalar.js`, guard: publicRoute }, async ({ reply }) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await scalarBundle()),
  );
}
