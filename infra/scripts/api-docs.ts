/** Renders docs/api.md from the route table: `npx tsx infra/scripts/api-docs.ts > docs/api.md`. */
import { routeList } from '../../functions/routes.js';

export function renderApiDocs(): string {
  const access = (a: (typeof routeList)[number]['access']) =>
    a === 'public' ? 'anyone' : a === 'signed-in' ? 'signed in' : a.join(', ');
  const rows = routeList.map((r) =>
    `| ${r.method} | \`${r.path}\` | ${access(r.access)} | ${r.summary} | \`functions/${r.handler}.ts\` |`);
  return [
    '# API',
    '',
    'Generated from `functions/routes.ts` by `npx tsx infra/scripts/api-docs.ts > docs/api.md`;',
    'a unit test fails when this file is out of date. JSON everywhere; errors are',
    '`{ "error": { "code", "message" } }` (400 validation, 401, 403, 404, 409 conflict, 422 rule).',
    'Signed-in routes need `Authorization: Bearer <Cognito access token>`; without a valid one',
    'API Gateway answers 401 `{"message":"Unauthorized"}` before any handler runs.',
    '',
    '| Method | Path | Who | What | Handler |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderApiDocs());
