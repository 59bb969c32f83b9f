/** GET /api/openapi.json: the OpenAPI 3.1 document of this API (functions/openapi/document.ts). */
import * as z from 'zod';

/** Only the frame is pinned here; the document itself is checked against docs/openapi.json by a unit test. */
export const OpenApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
