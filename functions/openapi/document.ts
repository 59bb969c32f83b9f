/**
 * The OpenAPI 3.1 document of this API, built from the route table and its zod contracts (zod 4
 * emits JSON Schema draft 2020-12, OpenAPI 3.1's dialect). docs/openapi.json is this document
 * (a unit test fails when it is stale) and GET /api/openapi.json serves it.
 *
 * Responses are documented as the handlers write them (zod's output side: closed objects, so
 * a field a handler adds without its contract is a mismatch); requests as clients send them
 * (the input side).
 */
import * as z from 'zod';
import * as adminContract from '../admin/contract.js';
import * as authContract from '../auth/contract.js';
import * as bookingsContract from '../bookings/contract.js';
import * as healthContract from '../health/contract.js';
import * as kycContract from '../kyc/contract.js';
import * as openApiContract from './contract.js';
import * as paymentsProvider from '../payments/provider.js';
import * as profilesContract from '../profiles/contract.js';
import { routeList, type RouteName } from '../routes.js';
import type { RouteDef } from '../shared/route-def.js';
import { ErrorResponse, GatewayError } from '../shared/contract.js';
import * as tutorsContract from '../tutors/contract.js';
import * as uploadsContract from '../uploads/contract.js';

type JsonSchema = Record<string, unknown>;
type Route = RouteDef & { name: RouteName | string };

export const API_TITLE = 'Africa\'s Learning Platform API';
export const API_VERSION = '1.0.0';

/** Component names: each schema under the name its contract exports it by. */
const contractModules: Array<Record<string, unknown>> = [
  adminContract, authContract, bookingsContract, healthContract, kycContract, openApiContract, paymentsProvider,
  profilesContract, tutorsContract, uploadsContract, { ErrorResponse, GatewayError },
];

function exportedNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const module of contractModules) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Thrown when a route lacks what the document needs; names the route and the fix. */
export class IncompleteRoute extends Error {}

export function buildOpenApiDocument(routes: readonly Route[] = routeList) {
  const names = exportedNames();
  const components: Record<string, JsonSchema> = {};
  const registered = new Map<string, { schema: z.ZodType; io: 'input' | 'output' }>();

  /** A $ref to the schema's component, registered under its exported name (or a fallback). */
  function ref(schema: z.ZodType, io: 'input' | 'output', fallback: string): JsonSchema {
    let name = names.get(schema) ?? fallback;
    // The same schema sent and answered: its two sides may differ (defaults, coercion).
    if (registered.get(name)?.schema === schema && registered.get(name)?.io !== io) name = `${name}${io === 'input' ? 'Input' : 'Output'}`;
    const known = registered.get(name);
    if (known && known.schema !== schema) throw new IncompleteRoute(`Two different schemas want the component name ${name}`);
    if (!known) {
      registered.set(name, { schema, io });
      components[name] = toSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });
  const errorResponse = (description: string) => ({ description, content: jsonContent(ref(ErrorResponse, 'output', 'ErrorResponse')) });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const success = Object.entries(route.responses ?? {}) as Array<[string, z.ZodType | null | undefined]>;
    if (!success.length) {
      throw new IncompleteRoute(
        `Route ${route.name} (${route.method} ${route.path}) has no response schema: add \`responses: { 200: SomeResponse }\` `
        + 'to its entry in functions/routes.ts (the schema exported from its domain\'s contract.ts).',
      );
    }
    const params = pathParams(route.path);
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of success) {
      if (schema === undefined) throw new IncompleteRoute(`Route ${route.name}: response ${status} has no schema (null means no body)`);
      responses[status] = schema === null
        ? { description: 'No content.' }
        : { description: 'Success.', content: jsonContent(ref(schema, 'output', `${route.name}Response${status}`)) };
    }
    const errors = new Set<number>(route.errors ?? []);
    if (route.body || route.query || params.length) {
      responses['400'] = errorResponse('Invalid input: `message` is the first problem, `details.fields` lists each field\'s.');
    }
    if (route.access !== 'public') {
      responses['401'] = {
        description: 'No valid access token: API Gateway answers before any handler runs.',
        content: jsonContent(ref(GatewayError, 'output', 'GatewayError')),
      };
    } else if (errors.has(401)) {
      responses['401'] = errorResponse('Not authenticated.');
    }
    if (Array.isArray(route.access) || errors.has(403)) responses['403'] = errorResponse('Not allowed for this caller.');
    if (params.length || errors.has(404)) {
      // An empty path segment matches no route: then API Gateway answers with its own shape.
      responses['404'] = params.length
        ? { description: 'Not found.', content: jsonContent({ anyOf: [ref(ErrorResponse, 'output', 'ErrorResponse'), ref(GatewayError, 'output', 'GatewayError')] }) }
        : errorResponse('Not found.');
    }
    if (errors.has(402)) responses['402'] = errorResponse('Needs a payment first (e.g. an unpaid lesson).');
    if (errors.has(409)) responses['409'] = errorResponse('Conflicts with the current state (e.g. already taken).');
    if (errors.has(410)) responses['410'] = errorResponse('Deleted on purpose (e.g. a file past its retention): `details` says when.');
    if (errors.has(422)) responses['422'] = errorResponse('Refused by a business rule.');
    if (errors.has(429)) responses['429'] = errorResponse('A daily quota is spent: `details.resetsAt` says when it resets.');
    if (errors.has(502)) responses['502'] = errorResponse('An outside provider (payments, video …) failed; nothing was changed.');
    responses.default = errorResponse('Any other error, in the same shape.');

    const paramSchemas = route.params
      ? (toSchema(route.params, 'input') as { properties?: Record<string, JsonSchema> }).properties ?? {}
      : {};
    const undeclared = params.filter((name) => !paramSchemas[name]);
    if (undeclared.length || Object.keys(paramSchemas).length !== params.length) {
      throw new IncompleteRoute(
        `Route ${route.name} (${route.method} ${route.path}): its \`params\` schema must have exactly one property per path `
        + `parameter (${params.join(', ') || 'none'}); add e.g. \`params: z.object({ ${params[0] ?? 'id'}: RecordId('…') })\` to its entry.`,
      );
    }
    const parameters: unknown[] = params.map((name) => ({ name, in: 'path', required: true, schema: paramSchemas[name] }));
    if (route.query) {
      const query = toSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    for (const name of route.headers ?? []) {
      parameters.push({ name, in: 'header', required: true, schema: { type: 'string' } });
    }
    const body = route.body ?? route.rawBody;
    const operation: Record<string, unknown> = {
      operationId: route.name,
      summary: route.summary,
      tags: [route.handler.split('/')[0]],
      'x-access': route.access,
      security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: jsonContent(ref(body, 'input', `${route.name}Request`)) } } : {}),
      responses,
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0' as const,
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description: 'Generated from functions/routes.ts and the zod contracts by infra/scripts/api-docs.ts. '
        + '`x-access` says who may call an operation: public, any signed-in user, or a list of roles (Cognito groups).',
    },
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerAuth: {
          type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
          description: 'A Cognito access token (ID tokens are refused).',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
