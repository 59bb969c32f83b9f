import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lambdaContext } from '../../infra/local/gateway/lambda-context.js';
import { routeList } from '../routes.js';
import type { RouteDef } from '../shared/route-def.js';
import type { HttpEvent } from '../shared/http.js';
import { buildOpenApiDocument, IncompleteRoute } from './document.js';
import { handler } from './handlers/get-openapi.js';

type Operation = {
  operationId: string; security: unknown[]; parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
const operations = (doc: ReturnType<typeof buildOpenApiDocument>) =>
  Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod) as Operation[]);

const route = (extra: Partial<RouteDef>): RouteDef & { name: string } => ({
  name: 'thing', method: 'GET', path: '/api/things/{thingId}', handler: 'things/handlers/get-thing', access: ['tutor'],
  grants: [], summary: 'A thing.', params: z.object({ thingId: z.string().min(1).max(40) }),
  responses: { 200: z.object({ id: z.string() }) }, ...extra,
});

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is OpenAPI 3.1 with one operation per route, bearer JWT on every non-public route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations(doc);
    expect(ops.map((o) => o.operationId).sort()).toEqual(routeList.map((r) => r.name).sort());
    for (const r of routeList) {
      const op = ops.find((o) => o.operationId === r.name)!;
      expect(op.security).toEqual(r.access === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents path parameters, query parameters, bodies, success and error responses', () => {
    const built = buildOpenApiDocument([route({
      method: 'POST', body: z.object({ name: z.string() }), query: z.object({ limit: z.coerce.number().optional() }),
      errors: [409],
    })]);
    const op = operations(built)[0]!;
    expect(op.parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 40 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'number' } },
    ]);
    expect(op.requestBody).toBeDefined();
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', 'default']);
    expect(op.responses['409']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(op.responses['401']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/GatewayError' });
    // Responses are closed: a field a handler adds without its contract does not match.
    expect(built.components.schemas.thingResponse200).toMatchObject({ additionalProperties: false });
  });

  it('refuses a route without a response schema, naming it', () => {
    expect(() => buildOpenApiDocument([route({ responses: {} })])).toThrow(IncompleteRoute);
    expect(() => buildOpenApiDocument([route({ responses: {} })])).toThrow(/thing .*GET \/api\/things\/\{thingId\}.*responses/);
  });

  it('refuses a route whose path parameters its params schema does not describe, naming it', () => {
    expect(() => buildOpenApiDocument([route({ params: undefined })])).toThrow(/thing .*thingId.*params/);
    expect(() => buildOpenApiDocument([route({ params: z.object({ id: z.string() }) })])).toThrow(IncompleteRoute);
    expect(() => buildOpenApiDocument([route({ path: '/api/things', params: z.object({ thingId: z.string() }) })])).toThrow(IncompleteRoute);
  });

  it('is served at GET /api/openapi.json', async () => {
    const event = {
      version: '2.0', routeKey: 'GET /api/openapi.json', rawPath: '/api/openapi.json', rawQueryString: '', headers: {},
      isBase64Encoded: false,
      requestContext: { requestId: 'r', http: { method: 'GET', path: '/api/openapi.json' } },
    } as unknown as HttpEvent;
    const res = await handler(event, lambdaContext('openapi'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
