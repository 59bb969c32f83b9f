import { describe, expect, it, vi } from 'vitest';
import {
  bbbChecksum, bbbQueryString, bigBlueButton, parseBbbResponse, signedUrl, toMeetingInfo,
} from './bigbluebutton.js';
import { VideoProviderError } from './video.js';

const SECRET = 'test-secret-0123456789';
const BASE = 'https://bbb.example.com/bigbluebutton/api';

describe('checksum', () => {
  // BigBlueButton's own worked example, "API Security Model → Usage" in
  // https://docs.bigbluebutton.org/development/api/ (same text in bigbluebutton/bigbluebutton,
  // docs/docs/development/api.md): secret 639259d4-…, create, SHA-1 1fcbb0c4….
  const DOC_SECRET = '639259d4-9dd8-4b25-bf01-95f9567eaf4b';
  const DOC_QUERY = 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444';

  it('matches BigBlueButton\'s documented example (SHA-1), built from parameters as the adapter builds them', () => {
    const query = bbbQueryString({ name: 'Test Meeting', meetingID: 'abc123', attendeePW: '111222', moderatorPW: '333444' });
    expect(query).toBe(DOC_QUERY);
    expect(bbbChecksum('create', query, DOC_SECRET, 'sha1')).toBe('1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17');
  });

  it('sends SHA-256 of the same string by default (64 hex digits; `sha256sum` of "create"+query+secret)', () => {
    expect(bbbChecksum('create', DOC_QUERY, DOC_SECRET)).toBe('da9185f7f333cfdfcd6eeac32dca3777510c4c436020d8b887ba5515bd1d189e');
  });

  it('changes with the call name, any parameter, or the secret', () => {
    const base = bbbChecksum('join', 'meetingID=a&role=VIEWER', SECRET);
    expect(bbbChecksum('join', 'meetingID=a&role=MODERATOR', SECRET)).not.toBe(base);
    expect(bbbChecksum('end', 'meetingID=a&role=VIEWER', SECRET)).not.toBe(base);
    expect(bbbChecksum('join', 'meetingID=a&role=VIEWER', `${SECRET}x`)).not.toBe(base);
  });
});

describe('signed URLs', () => {
  it('form-encodes names with spaces and accents (UTF-8) and signs exactly the query it sends', () => {
    const url = signedUrl(`${BASE}/`, 'join', { meetingID: 'bk_1', fullName: 'Zoë Wanjiru', role: 'VIEWER', redirect: 'true' }, SECRET);
    const [path, query] = url.split('?') as [string, string];
    expect(path).toBe(`${BASE}/join`);
    expect(query.startsWith('meetingID=bk_1&fullName=Zo%C3%AB+Wanjiru&role=VIEWER&redirect=true&checksum=')).toBe(true);
    const signed = query.slice(0, query.lastIndexOf('&checksum='));
    expect(query.slice(query.lastIndexOf('=') + 1)).toBe(bbbChecksum('join', signed, SECRET));
    expect(new URL(url).searchParams.get('fullName')).toBe('Zoë Wanjiru');
  });

  it('escapes characters that would otherwise split or end the query', () => {
    const url = signedUrl(BASE, 'create', { name: 'Maths & Physics #1 = fun?', meetingID: 'x' }, SECRET);
    expect(new URL(url).searchParams.get('name')).toBe('Maths & Physics #1 = fun?');
  });
});

describe('parseBbbResponse', () => {
  it('reads a SUCCESS with its fields', () => {
    const r = parseBbbResponse('<?xml version="1.0"?>\n<response>\n  <returncode>SUCCESS</returncode>\n  <running>true</running>\n</response>\n');
    expect(r).toEqual({ returncode: 'SUCCESS', messageKey: undefined, message: undefined, fields: { running: 'true' }, attendees: [] });
  });

  it('reads create\'s duplicateWarning as a SUCCESS that carries its messageKey', () => {
    const r = parseBbbResponse(`<response><returncode>SUCCESS</returncode><meetingID>bk_1</meetingID><hasUserJoined>false</hasUserJoined>
      <messageKey>duplicateWarning</messageKey><message>This conference was already in existence and may currently be in progress.</message></response>`);
    expect(r.returncode).toBe('SUCCESS');
    expect(r.messageKey).toBe('duplicateWarning');
    expect(r.fields.meetingID).toBe('bk_1');
  });

  it('reads FAILED notFound and checksumError with their messages', () => {
    expect(parseBbbResponse('<response><returncode>FAILED</returncode><messageKey>notFound</messageKey>'
      + '<message>We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?</message></response>'))
      .toMatchObject({ returncode: 'FAILED', messageKey: 'notFound', message: expect.stringContaining('could not find') });
    expect(parseBbbResponse('<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey>'
      + '<message>You did not pass the checksum security check</message></response>'))
      .toMatchObject({ returncode: 'FAILED', messageKey: 'checksumError', message: 'You did not pass the checksum security check' });
  });

  it('reads getMeetingInfo: top-level fields, attendees with entities and CDATA, and ignores nested blocks', () => {
    const r = parseBbbResponse(`<response>
      <returncode>SUCCESS</returncode><meetingName>Maths &amp; more</meetingName><running>true</running>
      <participantCount>2</participantCount><metadata><running>false</running><bbb-origin>x</bbb-origin></metadata>
      <attendees>
        <attendee><userID>u_tutor</userID><fullName>Amina Otieno</fullName><role>MODERATOR</role><customdata/></attendee>
        <attendee><userID>u_student</userID><fullName><![CDATA[Zoë <Wanjiru>]]></fullName><role>VIEWER</role></attendee>
      </attendees><!-- <running>false</running> --></response>`);
    expect(r.fields).toMatchObject({ meetingName: 'Maths & more', running: 'true', participantCount: '2' });
    expect(toMeetingInfo(r)).toEqual({
      running: true,
      participantCount: 2,
      participants: [
        { userId: 'u_tutor', fullName: 'Amina Otieno', role: 'moderator' },
        { userId: 'u_student', fullName: 'Zoë <Wanjiru>', role: 'attendee' },
      ],
    });
  });

  it.each([
    ['an HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['empty', ''],
    ['no returncode', '<response><running>true</running></response>'],
    ['an unknown returncode', '<response><returncode>MAYBE</returncode></response>'],
    ['badly nested', '<response><returncode>SUCCESS</returncode><a><b></a></b></response>'],
    ['unclosed', '<response><returncode>SUCCESS</returncode><attendees></response>'],
    ['JSON', '{"returncode":"SUCCESS"}'],
  ])('refuses a malformed answer (%s) with a VideoProviderError', (_label, xml) => {
    expect(() => parseBbbResponse(xml)).toThrow(VideoProviderError);
  });
});

/** A fetch that answers each call with the given XML and records the URLs. */
function fakeFetch(answer: (call: string) => string | Response) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    urls.push(url);
    const result = answer(new URL(url).pathname.split('/').pop()!);
    return typeof result === 'string' ? new Response(result, { status: 200, headers: { 'content-type': 'text/xml' } }) : result;
  });
  return { urls, fetch: fetchImpl as unknown as typeof fetch };
}

const failed = (key: string, message = 'm') => `<response><returncode>FAILED</returncode><messageKey>${key}</messageKey><message>${message}</message></response>`;
const ok = (extra = '') => `<response><returncode>SUCCESS</returncode>${extra}</response>`;

describe('bigBlueButton adapter', () => {
  const adapter = (answer: (call: string) => string | Response, secret: () => Promise<string> = async () => SECRET) => {
    const fake = fakeFetch(answer);
    return { provider: bigBlueButton({ baseUrl: BASE, secret, fetch: fake.fetch }), urls: fake.urls };
  };

  it('create sends meetingID, name, logoutURL, record=false and duration; duplicateWarning is success', async () => {
    const { provider, urls } = adapter(() => ok('<messageKey>duplicateWarning</messageKey><message>exists</message>'));
    await provider.createMeeting({ meetingId: 'bk_1', name: 'Mathematics with Amina Otieno', logoutUrl: 'https://app.example/live-tutoring/bk_1', durationMinutes: 90 });
    const params = new URL(urls[0]!).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      meetingID: 'bk_1', name: 'Mathematics with Amina Otieno', logoutURL: 'https://app.example/live-tutoring/bk_1', record: 'false', duration: '90',
    });
    expect(params.get('checksum')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('create that BigBlueButton refuses throws with its messageKey, never the secret', async () => {
    const { provider } = adapter(() => failed('checksumError', 'You did not pass the checksum security check'));
    const error = await provider.createMeeting({ meetingId: 'bk_1', name: 'n', logoutUrl: 'https://a', durationMinutes: 60 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProviderError);
    expect((error as VideoProviderError).key).toBe('checksumError');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('joinUrl signs role=MODERATOR or VIEWER, fullName, userID and redirect=true, and calls nothing', async () => {
    const { provider, urls } = adapter(() => ok());
    const moderator = new URL(await provider.joinUrl({ meetingId: 'bk_1', fullName: 'Amina Otieno', userId: 'u_t', role: 'moderator' }));
    const viewer = new URL(await provider.joinUrl({ meetingId: 'bk_1', fullName: 'Zoë Wanjiru', userId: 'u_s', role: 'attendee' }));
    expect(urls).toEqual([]);
    expect(moderator.pathname).toBe('/bigbluebutton/api/join');
    expect(Object.fromEntries(moderator.searchParams)).toMatchObject({ meetingID: 'bk_1', fullName: 'Amina Otieno', userID: 'u_t', role: 'MODERATOR', redirect: 'true' });
    expect(Object.fromEntries(viewer.searchParams)).toMatchObject({ fullName: 'Zoë Wanjiru', userID: 'u_s', role: 'VIEWER' });
  });

  it('end succeeds on sentEndMeetingRequest and on notFound (ending twice changes nothing), fails otherwise', async () => {
    await expect(adapter(() => ok('<messageKey>sentEndMeetingRequest</messageKey>')).provider.endMeeting('bk_1')).resolves.toBeUndefined();
    await expect(adapter(() => failed('notFound')).provider.endMeeting('bk_1')).resolves.toBeUndefined();
    await expect(adapter(() => failed('checksumError')).provider.endMeeting('bk_1')).rejects.toMatchObject({ key: 'checksumError' });
  });

  it('isMeetingRunning and meetingInfo read the answer; meetingInfo of an unknown room is null', async () => {
    expect(await adapter(() => ok('<running>true</running>')).provider.isMeetingRunning('bk_1')).toBe(true);
    expect(await adapter(() => ok('<running>false</running>')).provider.isMeetingRunning('bk_1')).toBe(false);
    expect(await adapter(() => failed('notFound')).provider.meetingInfo('bk_1')).toBeNull();
    const info = await adapter(() => ok('<running>true</running><participantCount>1</participantCount><attendees><attendee><userID>u_t</userID>'
      + '<fullName>Amina</fullName><role>MODERATOR</role></attendee></attendees>')).provider.meetingInfo('bk_1');
    expect(info).toEqual({ running: true, participantCount: 1, participants: [{ userId: 'u_t', fullName: 'Amina', role: 'moderator' }] });
  });

  it('turns HTTP errors, non-XML answers, network errors and timeouts into VideoProviderError without the URL\'s checksum', async () => {
    const cases: Array<() => Promise<unknown>> = [
      () => adapter(() => new Response('oops', { status: 502 })).provider.isMeetingRunning('bk_1'),
      () => adapter(() => new Response('<html>login</html>', { status: 200 })).provider.isMeetingRunning('bk_1'),
      () => adapter(() => { throw new TypeError('fetch failed'); }).provider.isMeetingRunning('bk_1'),
      () => bigBlueButton({
        baseUrl: BASE, secret: async () => SECRET, timeoutMs: 20,
        fetch: ((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error));
        })) as unknown as typeof fetch,
      }).isMeetingRunning('bk_1'),
    ];
    for (const run of cases) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VideoProviderError);
      expect((error as Error).message).toMatch(/^BigBlueButton isMeetingRunning bk_1: /);
      expect((error as Error).message).not.toMatch(/checksum=|test-secret/);
    }
  });

  it('says so when no server is configured', async () => {
    const provider = bigBlueButton({ secret: async () => SECRET, fetch: fakeFetch(() => ok()).fetch });
    const previous = process.env.BIGBLUEBUTTON_BASE_URL;
    delete process.env.BIGBLUEBUTTON_BASE_URL;
    try {
      await expect(provider.joinUrl({ meetingId: 'm', fullName: 'A', userId: 'u', role: 'attendee' })).rejects.toThrow(/not configured/);
    } finally {
      if (previous !== undefined) process.env.BIGBLUEBUTTON_BASE_URL = previous;
    }
  });

  it('after a checksumError with a secret from SSM, fetches the secret again once and retries', async () => {
    let current = 'old-secret';
    const secret = Object.assign(vi.fn(async (options?: { forceFetch?: boolean }) => {
      if (options?.forceFetch) current = SECRET;
      return current;
    }), { refreshable: true });
    const { provider, urls } = adapter((call) => (call === 'end' && urls.length === 1 ? failed('checksumError') : ok()), secret);
    await provider.endMeeting('bk_1');
    expect(urls).toHaveLength(2);
    expect(secret).toHaveBeenCalledWith({ forceFetch: true });
  });
});
