import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { RouteDef } from './route-def.js';
import { CORRELATION_HEADER, currentCorrelationId } from './correlation.js';
import { Conflict } from './errors.js';
import { httpRoute, json, type HttpEvent } from './http.js';
import { lambdaContext } from '../../infra/local/gateway/lambda-context.js';

const route = <E extends Partial<RouteDef> = object>(access: RouteDef['access'], extra: E = {} as E) => ({
  method: 'POST', path: '/api/test', handler: 'test', access, grants: [], summary: 'test', responses: { 200: null },
  ...extra,
}) as const satisfies RouteDef;

function event(body?: string, claims?: Record<string, string>, query?: Record<string, string>): HttpEvent {
  return {
    version: '2.0', routeKey: 'POST /api/test', rawPath: '/api/test', rawQueryString: '', headers: {},
    body, isBase64Encoded: false, queryStringParameters: query,
    requestContext: {
      accountId: '1', apiId: 'a', domainName: 'd', domainPrefix: 'd', requestId: 'r', routeKey: 'POST /api/test',
      stage: '$default', time: '', timeEpoch: 0,
      http: { method: 'POST', path: '/api/test', protocol: 'HTTP/1.1', sourceIp: '1.1.1.1', userAgent: 'x' },
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] }, principalId: '', integrationLatency: 0 } } : {}),
    },
  } as HttpEvent;
}

const call = async (h: ReturnType<typeof httpRoute>, e: HttpEvent) => {
  const res = await h(e, lambdaContext('test'));
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
};

describe('httpRoute', () => {
  const Body = z.object({ name: z.string().min(1, 'Name is required') });
  const echo = (access: RouteDef['access']) =>
    httpRoute(route(access, { body: Body }), async ({ body, user }) => json(200, { name: body.name, user: user?.id ?? null }));

  it('validates the body and reports the schema message', async () => {
    expect(await call(echo('public'), event('{"name":""}'))).toMatchObject({
      status: 400, body: { error: { code: 'validation_failed', message: 'Name is required' } },
    });
  });

  it('needs claims on signed-in routes', async () => {
    expect((await call(echo('signed-in'), event('{"name":"a"}'))).status).toBe(401);
    expect(await call(echo('signed-in'), event('{"name":"a"}', { sub: 'u1' }))).toMatchObject({
      status: 200, body: { name: 'a', user: 'u1' },
    });
  });

  it('checks the groups claim against the route roles', async () => {
    const tutorOnly = echo(['tutor']);
    expect((await call(tutorOnly, event('{"name":"a"}', { sub: 'u1', 'cognito:groups': '[student]' }))).status).toBe(403);
    expect((await call(tutorOnly, event('{"name":"a"}', { sub: 'u1', 'cognito:groups': '[tutor]' }))).status).toBe(200);
  });

  it('maps domain errors to their status and hides unexpected ones', async () => {
    const conflict = httpRoute(route('public'), async () => { throw new Conflict('taken', 'Already taken'); });
    expect(await call(conflict, event())).toMatchObject({ status: 409, body: { error: { code: 'taken', message: 'Already taken' } } });
    const crash = httpRoute(route('public'), async () => { throw new Error('secret internals'); });
    const res = await call(crash, event());
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it('refuses path parameters with broken percent-encoding as bad input, and decodes good ones', async () => {
    const byId = httpRoute(route('public'), async ({ params }) => json(200, { id: params.id }));
    for (const broken of ['%C3', '%ZZ', '%', 'a%2', '%ED%A0%80']) {
      const res = await call(byId, { ...event(), pathParameters: { id: broken } });
      expect({ broken, status: res.status, code: res.body.error?.code }).toEqual({ broken, status: 400, code: 'validation_failed' });
    }
    expect((await call(byId, { ...event(), pathParameters: { id: 'caf%C3%A9%20%2F' } })).body).toEqual({ id: 'café /' });
  });

  it('checks access before it looks at the path', async () => {
    const tutorOnly = httpRoute(route(['tutor']), async () => json(200, {}));
    expect((await call(tutorOnly, { ...event(), pathParameters: { id: '%' } })).status).toBe(401);
  });

  it('parses the query string with the route\'s schema; empty values count as absent', async () => {
    const Query = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5), q: z.string().optional() });
    const list = httpRoute(route('public', { query: Query }), async ({ query }) => json(200, query));
    expect(await call(list, event(undefined, undefined, { limit: '7', q: 'ma' }))).toMatchObject({ status: 200, body: { limit: 7, q: 'ma' } });
    expect(await call(list, event(undefined, undefined, { limit: '', q: '' }))).toEqual({ status: 200, body: { limit: 5 } });
    expect(await call(list, event(undefined, undefined, { limit: 'many' }))).toMatchObject({
      status: 400, body: { error: { code: 'validation_failed', details: { fields: [{ path: 'limit' }] } } },
    });
  });

  describe('correlation id', () => {
    const seen = httpRoute(route('public'), async () => json(200, { correlationId: currentCorrelationId() ?? null }));
    const withHeader = (value: string) => ({ ...event(), headers: { [CORRELATION_HEADER]: value } });

    it('takes the caller\'s x-correlation-id, hands it to the handler\'s work and answers it', async () => {
      const res = await seen(withHeader('checkout-7f3a'), lambdaContext('test'));
      expect(res.headers?.[CORRELATION_HEADER]).toBe('checkout-7f3a');
      expect(JSON.parse(res.body ?? '')).toEqual({ correlationId: 'checkout-7f3a' });
    });

    it('uses API Gateway\'s request id when the caller sends none or an unusable one', async () => {
      for (const e of [event(), withHeader('x'.repeat(129)), withHeader('has spaces\nand a newline')]) {
        const res = await seen(e, lambdaContext('test'));
        expect(res.headers?.[CORRELATION_HEADER]).toBe('r');
        expect(JSON.parse(res.body ?? '')).toEqual({ correlationId: 'r' });
      }
    });

    it('answers it on refusals too', async () => {
      const refused = await echo('signed-in')(withHeader('retry-2'), lambdaContext('test'));
      expect(refused.statusCode).toBe(401);
      expect(refused.headers?.[CORRELATION_HEADER]).toBe('retry-2');
    });

    it('keeps concurrent requests apart', async () => {
      const slow = httpRoute(route('public'), async () => {
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { correlationId: currentCorrelationId() });
      });
      const ids = ['a-1', 'b-2', 'c-3'];
      const answers = await Promise.all(ids.map((id) => slow(withHeader(id), lambdaContext('test'))));
      expect(answers.map((a) => JSON.parse(a.body ?? '').correlationId)).toEqual(ids);
    });
  });

  it('parses path parameters with the route\'s schema after decoding them', async () => {
    const Params = z.object({ id: z.guid({ error: 'This link is not valid' }) });
    const byId = httpRoute(route('public', { params: Params }), async ({ params }) => json(200, { id: params.id }));
    const id = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
    expect(await call(byId, { ...event(), pathParameters: { id } })).toEqual({ status: 200, body: { id } });
    expect(await call(byId, { ...event(), pathParameters: { id: 'not-an-id' } })).toEqual({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'This link is not valid', details: { fields: [{ path: 'id', message: 'This link is not valid' }] } } },
    });
    expect((await call(byId, { ...event(), pathParameters: { id: '%ZZ' } })).body.error.code).toBe('validation_failed');
  });
});

describe('httpRoute response checks (ALP_VALIDATE_RESPONSES)', () => {
  const Answer = z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  const answering = (body: unknown, status = 200) =>
    httpRoute(route('public', { responses: { 200: Answer, 204: null } }), async () =>
      (body === undefined ? { statusCode: status } : json(status, body)));

  afterEach(() => { delete process.env.ALP_VALIDATE_RESPONSES; });

  it('turns a body its contract does not describe into a 500', async () => {
    process.env.ALP_VALIDATE_RESPONSES = 'true';
    expect(await call(answering({ name: 'a', tags: [{ label: 'x' }] }), event())).toEqual({ status: 200, body: { name: 'a', tags: [{ label: 'x' }] } });
    expect((await call(answering(undefined, 204), event())).status).toBe(204);
    for (const drift of [
      { name: 1, tags: [] }, // wrong type
      { tags: [] }, // missing field
      { name: 'a', tags: [{ label: 'x', secret: 'y' }] }, // a field no contract names
    ]) {
      expect({ drift, ...(await call(answering(drift), event())) }).toMatchObject({ drift, status: 500, body: { error: { code: 'response_contract' } } });
    }
    expect((await call(answering({ name: 'a', tags: [] }, 201), event())).status).toBe(500); // undeclared status
    expect((await call(answering({ name: 'a', tags: [] }, 204), event())).status).toBe(500); // body where none is declared
  });

  it('leaves errors alone, and checks nothing unless switched on (AWS)', async () => {
    process.env.ALP_VALIDATE_RESPONSES = 'true';
    const refusing = httpRoute(route('public', { responses: { 200: Answer } }), async () => { throw new Conflict('taken', 'Already taken'); });
    expect((await call(refusing, event())).status).toBe(409);
    delete process.env.ALP_VALIDATE_RESPONSES;
    expect((await call(answering({ tags: 'nope' }), event())).status).toBe(200);
  });
});

describe('httpRoute answers in the language Accept-Language asks for', () => {
  const Body = z.object({ firstName: z.string().min(1, 'First name is required'), lastName: z.string().min(1, 'Last name is required') });
  const form = httpRoute(route('public', { body: Body }), async () => json(200, { message: 'Profile updated successfully!', firstName: 'Profile not found' }));
  const inLanguage = (language?: string) => ({ ...event('{"firstName":"","lastName":""}'), headers: language ? { 'accept-language': language } : {} });

  it('translates the message and every field message, and says it varies by language', async () => {
    const res = await form(inLanguage('sw-KE,sw;q=0.9,en;q=0.8'), lambdaContext('test'));
    expect(JSON.parse(res.body ?? '')).toEqual({ error: { code: 'validation_failed', message: 'Jina la kwanza linahitajika', details: { fields: [
      { path: 'firstName', message: 'Jina la kwanza linahitajika' }, { path: 'lastName', message: 'Jina la mwisho linahitajika' },
    ] } } });
    expect(res.headers?.vary).toBe('Accept-Language');
  });

  it('answers English without the header, and translates only the message of a success', async () => {
    const english = await form(inLanguage(), lambdaContext('test'));
    expect(JSON.parse(english.body ?? '').error.message).toBe('First name is required');
    expect(english.headers?.vary).toBe('Accept-Language');
    const ok = await form({ ...inLanguage('sw'), body: '{"firstName":"a","lastName":"b"}' }, lambdaContext('test'));
    expect(JSON.parse(ok.body ?? '')).toEqual({ message: 'Wasifu umesasishwa!', firstName: 'Profile not found' });
  });

  it('translates a message with a value and the hidden-failure text', async () => {
    const crash = httpRoute(route('public'), async () => { throw new Error('secret internals'); });
    const res = await crash({ ...event(), headers: { 'accept-language': 'sw' } }, lambdaContext('test'));
    expect(JSON.parse(res.body ?? '').error.message).toBe('Hitilafu imetokea upande wetu. Tafadhali jaribu tena.');
  });
});
