/**
 * The API answers its texts in the language Accept-Language asks for (English without
 * one), and e-mails go out in the reader's saved language.
 */
import { describe, expect, it } from 'vitest';
import { api, createUser, eventually, sentEmails, uniqueEmail } from '../support/api.js';
import { paidLesson, waitUntilDone } from '../support/fixtures.js';

const signUp = (body: Record<string, unknown>, language?: string) =>
  api('/api/auth/sign-up', { method: 'POST', body, headers: language ? { 'accept-language': language } : {} });

const mailsTo = async (email: string) => (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(email));

describe('API texts by Accept-Language', () => {
  const incomplete = { accountType: 'student', firstName: '', lastName: '', email: uniqueEmail('lang'), password: 'secret-pass-1' };

  it('answers a refusal and its field messages in Kiswahili when asked, and says the answer varies by language', async () => {
    const res = await signUp(incomplete, 'sw-KE,sw;q=0.9,en;q=0.5');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Jina la kwanza linahitajika');
    expect(res.body.error.details.fields).toEqual(expect.arrayContaining([
      { path: 'firstName', message: 'Jina la kwanza linahitajika' }, { path: 'lastName', message: 'Jina la mwisho linahitajika' },
    ]));
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it('answers English without the header, or for a language it does not speak', async () => {
    for (const language of [undefined, 'fr-FR,fr;q=0.9']) {
      const res = await signUp(incomplete, language);
      expect(res.body.error.message).toBe('First name is required');
      expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    }
  });

  it('answers a public read in the language asked for, and keeps the languages apart', async () => {
    // A broken tutor link (an id no tutor can have) is a tutor not found, as for an unknown tutor.
    const sw = await api('/api/tutors/not-a-tutor', { headers: { 'accept-language': 'sw' } });
    expect(sw.status).toBe(404);
    expect(sw.body.error.message).toBe('Mwalimu unayemtafuta hayupo au hapatikani kwa sasa.');
    const en = await api('/api/tutors/not-a-tutor');
    expect(en.status).toBe(404);
    expect(en.body.error.message).toBe("The tutor you're looking for doesn't exist or is not available.");
    expect((await api('/api/tutors/not-a-tutor/slots')).status).toBe(404);
  });

  it('writes the values inside a message in Kiswahili too: the weekday of an overlapping slot', async () => {
    const tutor = await createUser('tutor');
    const add = (language: string) => api('/api/me/availability', {
      method: 'POST', token: tutor.accessToken, headers: { 'accept-language': language }, body: { dayOfWeek: 2, startTime: '09:00', endTime: '11:00' },
    });
    expect((await add('sw')).status).toBe(201);
    const refused = await add('sw');
    expect([refused.status, refused.body.error.message])
      .toEqual([409, 'Muda huu unaingiliana na muda mwingine wa kupatikana siku ya Jumanne. Chagua muda tofauti.']);
    expect((await add('en')).body.error.message).toBe('This slot overlaps another availability slot on Tuesday. Choose a different time.');
  });

  it("answers zod's own field messages (where a contract names none) in Kiswahili", async () => {
    const browse = (language: string) => api('/api/tutors?limit=500', { headers: { 'accept-language': language } });
    const sw = await browse('sw');
    expect(sw.status).toBe(400);
    expect(sw.body.error.details.fields).toEqual([{ path: 'limit', message: 'Ni kubwa mno: inapaswa kuwa 50 au chini' }]);
    expect((await browse('en')).body.error.details.fields).toEqual([{ path: 'limit', message: 'Too big: expected number to be <=50' }]);
  });
});

describe('e-mails in the reader’s language', () => {
  it('the welcome e-mail is in the language of the sign-up, which the profile keeps', async () => {
    const email = uniqueEmail('karibu');
    const { body: created } = await signUp({ accountType: 'student', firstName: 'Wanjiru', lastName: 'Kamau', email, password: 'secret-pass-1', birthYear: 2000, language: 'sw' });
    await waitUntilDone(`welcome#${created.userId}`);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Karibu Africa's Learning Platform");
    expect(mail!.body).toContain('Habari Wanjiru,');
    expect(mail!.body).toContain('Tafuta mwalimu na uweke nafasi ya somo lako la kwanza');
  });

  it('the booking confirmation reaches a Kiswahili reader in Kiswahili and an English one in English', async () => {
    const student = await createUser('student');
    expect((await api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body: { language: 'sw' } })).status).toBe(200);
    const { tutor, booking } = await paidLesson({ student });
    await waitUntilDone(`booking-confirmed#${booking.id}#student`);
    await waitUntilDone(`booking-confirmed#${booking.id}#tutor`);
    // The payment's receipt is a separate e-mail (it may arrive first): the confirmation by its subject.
    const toStudent = await eventually(async () => (await mailsTo(student.email)).find((m) => /^Nafasi imethibitishwa: /.test(m.subject)));
    expect(toStudent.body).toContain('Malipo yako yamepokelewa na somo lako limethibitishwa.');
    expect(toStudent.body).toMatch(/Umelipa: KSh [\d,]+/);
    expect(toStudent.body).toMatch(/Lini: (Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili), /);
    const receipt = await eventually(async () => (await mailsTo(student.email)).find((m) => /^Risiti: /.test(m.subject)));
    expect(receipt.body).toContain('Asante: tumepokea malipo yako. Hii ndiyo risiti yako.');
    const toTutor = (await mailsTo(tutor.email)).map((m) => m.subject);
    expect(toTutor).toEqual(expect.arrayContaining([expect.stringMatching(/^New booking: /)]));
  });
});
