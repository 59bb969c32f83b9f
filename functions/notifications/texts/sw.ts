/** The e-mails in Kiswahili, for Kenyan parents, students and tutors. */
import type { EmailTexts } from './types.js';

export const sw: EmailTexts = {
  hello: (firstName) => `Habari ${firstName},`,
  signature: "Africa's Learning Platform",
  when: (time) => `Lini: ${time}`,
  duration: (minutes) => `Muda: dakika ${minutes}`,
  yourBookings: (link) => `Nafasi zako: ${link}`,
  yourDashboard: (link) => `Dashibodi yako: ${link}`,
  welcome: {
    subject: "Karibu Africa's Learning Platform",
    intro: "Karibu Africa's Learning Platform.",
    tutorKyc: 'Kabla ya kufundisha na kupokea malipo, tunahitaji kuthibitisha utambulisho wako (KYC).',
    tutorDashboard: (link) => `Ingia na ufungue dashibodi yako ya mwalimu ili upakie hati zako: ${link}`,
    findTutor: (link) => `Tafuta mwalimu na uweke nafasi ya somo lako la kwanza: ${link}`,
    adminRequested: 'Ombi lako la ruhusa ya msimamizi limerekodiwa. Msimamizi mkuu atalikagua.',
  },
  bookingConfirmed: {
    studentSubject: (subject, tutorName) => `Nafasi imethibitishwa: ${subject} na ${tutorName}`,
    studentIntro: 'Malipo yako yamepokelewa na somo lako limethibitishwa.',
    subjectLine: (subject) => `Somo: ${subject}`,
    paid: (amount) => `Umelipa: ${amount}`,
    tutorSubject: (subject, studentName) => `Nafasi mpya: ${subject} na ${studentName}`,
    tutorIntro: (studentName) => `${studentName} ameweka nafasi ya somo na kulilipia.`,
  },
  kycApproved: {
    subject: 'Umethibitishwa: wanafunzi sasa wanaweza kukuwekea nafasi',
    body: ['Hati zako za utambulisho zimeidhinishwa. Wasifu wako sasa una alama ya Amethibitishwa',
      'na wanafunzi wanaweza kuweka nafasi na kulipia masomo nawe.'],
    availability: (link) => `Hakikisha muda wako wa kupatikana kila wiki uko sawa: ${link}`,
  },
  reminder: {
    startsIn: { '24h': 'saa 24', '1h': 'saa 1' },
    subject: (subject, otherName, startsIn) => `Kikumbusho: ${subject} na ${otherName} baada ya ${startsIn}`,
    intro: (subject, otherName, startsIn) => `Somo lako la ${subject} na ${otherName} linaanza baada ya ${startsIn}.`,
    join: (link) => `Ingia darasani (hufunguliwa dakika 15 kabla ya kuanza): ${link}`,
  },
  lessonCompleted: {
    subject: (subject, tutorName) => `Somo lilikuwaje? ${subject} na ${tutorName}`,
    body: (subject, tutorName) => [`Somo lako la ${subject} na ${tutorName} limekamilika. Lilikuwaje?`,
      'Tungependa kusikia jinsi lilivyokwenda, na unaweza kuweka nafasi ya somo lijalo ukiwa tayari.'],
  },
  cancelled: {
    subject: (subject, otherName) => `Limeghairiwa: ${subject} na ${otherName}`,
    intro: (subject, otherName, time) => `Somo lako la ${subject} na ${otherName} la ${time} limeghairiwa.`,
    tutorNoShow: 'Mwalimu hakuingia darasani, kwa hiyo somo lilighairiwa.',
    cancelledBy: (name) => `${name} amelighairi.`,
    cancelledByNobody: 'Limeghairiwa.',
    reason: (reason) => `Sababu: ${reason}`,
    notPaid: 'Hakuna kilicholipwa, kwa hiyo hakuna malipo yoyote.',
    refunded: 'Mwanafunzi anarudishiwa pesa zote; pesa zitafika kwenye njia ya malipo aliyotumia ndani ya siku chache.',
    notRefunded: 'Lilighairiwa ndani ya muda usio na kurudishiwa pesa, kwa hiyo pesa hazirudishwi na mwalimu analipwa.',
  },
  reschedule: {
    subject: (step, subject, otherName) => `${step}: ${subject} na ${otherName}`,
    proposed: { subject: 'Muda mpya umependekezwa', lines: (other, from, to) => [`${other} angependa kuhamisha somo lako.`, '', `Sasa: ${from}`, `Inapendekezwa: ${to}`, '', 'Likubali au ulikatae kwenye nafasi zako.'] },
    accepted: { subject: 'Somo limehamishwa', lines: (_other, from, to) => ['Somo lako lina muda mpya. Hakuna malipo zaidi.', '', `Awali: ${from}`, `Sasa: ${to}`] },
    declined: { subject: 'Muda mpya umekataliwa', lines: (other, from, to) => [`${other} amekataa kuhamisha somo lako hadi ${to}. Linabaki ${from}.`] },
    withdrawn: { subject: 'Pendekezo limeondolewa', lines: (other, from, to) => [`${other} ameondoa pendekezo la kuhamisha somo lako hadi ${to}. Linabaki ${from}.`] },
  },
  refundProcessed: {
    subject: (amount) => `Pesa zimerudishwa: ${amount}`,
    body: (amount, reference) => [`Urejeshaji wa ${amount} umeshughulikiwa (nambari ya kumbukumbu ya malipo ${reference}).`,
      'Pesa zinarudi kwenye kadi au akaunti ya M-Pesa uliyolipia; benki yako au M-Pesa inaweza kuchukua siku chache kuonyesha.'],
  },
  courseEnrolled: {
    subject: (title) => `Umesajiliwa kwenye ${title}`,
    intro: (title, tutorName) => `Malipo yako yamethibitishwa na umesajiliwa kwenye "${title}" ya ${tutorName}.`,
    open: (link) => `Fungua kozi na uanze na somo la kwanza: ${link}`,
  },
  certificateIssued: {
    subject: (title) => `Cheti chako: ${title}`,
    congratulations: (title, tutorName) => `Hongera! Umekamilisha masomo yote ya "${title}" na ${tutorName}.`,
    link: (link) => `Cheti chako (mtu yeyote anaweza kukikagua kwa kiungo hiki): ${link}`,
    code: (code) => `Nambari ya cheti: ${code}`,
  },
};
