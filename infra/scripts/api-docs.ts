/**
 * Writes docs/api.md (a table for people), docs/openapi.json (OpenAPI 3.1, for tools and the
 * fuzzer) and functions/route-map.ts (method and path per route name, for the typed client) from
 * the route table and its zod contracts: `npx tsx infra/scripts/api-docs.ts`.
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../../functions/openapi/document.js';
import { routeList } from '../../functions/routes.js';

export function renderApiDocs(): string {
  const access = (a: (typeof routeList)[number]['access']) =>
    a === 'public' ? 'anyone' : a === 'signed-in' ? 'signed in' : a.join(', ');
  const rows = routeList.map((r) =>
    `| ${r.method} | \`${r.path}\` | ${access(r.access)} | ${r.summary} | \`functions/${r.handler}.ts\` |`);
  return [
    '# API',
    '',
    'Generated from `functions/routes.ts` by `npx tsx infra/scripts/api-docs.ts` (with',
    '[openapi.json](openapi.json), the OpenAPI 3.1 document with every request and response schema, also',
    'served at `GET /api/openapi.json`); a unit test fails when either file is out of date. JSON everywhere;',
    'errors are `{ "error": { "code", "message" } }` (400 validation, 401, 403, 404, 409 conflict, 422 rule).',
    'Signed-in routes need `Authorization: Bearer <Cognito access token>`; without a valid one',
    'API Gateway answers 401 `{"message":"Unauthorized"}` before any handler runs.',
    '',
    '| Method | Path | Who | What | Handler |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export const renderOpenApi = (): string => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

/** The typed client's runtime half (functions/client.ts): plain data, so the SPA gets no zod from it. */
export function renderRouteMap(): string {
  const entries = routeList.map((r) =>
    `  ${r.name}: { method: '${r.method}', path: '${r.path}', auth: ${r.access !== 'public'} },`);
  return [
    '/**',
    ' * Method, path and whether a token is needed, per route name: generated from functions/routes.ts',
    ' * by `npx tsx infra/scripts/api-docs.ts` (a unit test fails when it is stale). Do not edit.',
    ' */',
    'export const routeMap = {',
    ...entries,
    '} as const;',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('docs/api.md', renderApiDocs());
  writeFileSync('docs/openapi.json', renderOpenApi());
  writeFileSync('functions/route-map.ts', renderRouteMap());
}
