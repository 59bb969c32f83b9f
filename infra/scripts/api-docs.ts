/**
 * Writes docs/api.md (a table for people) and docs/openapi.json (OpenAPI 3.1, for tools and the
 * fuzzer) from the route table and its zod contracts: `npx tsx infra/scripts/api-docs.ts`.
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

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('docs/api.md', renderApiDocs());
  writeFileSync('docs/openapi.json', renderOpenApi());
}
