import { openApiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { buildOpenApiDocument } from '../document.js';

// Built from the bundled route table and contracts once per cold start: no file to read at runtime.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = httpRoute(openApiRoutes.openApi, async () =>
  json(200, document ??= buildOpenApiDocument(), { 'cache-control': 'public, max-age=300' }));
