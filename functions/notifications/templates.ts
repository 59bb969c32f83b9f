/** E-mail texts. Plain and short: many readers are on basic phones and metered data. */
import type { UserSignedUp } from '../../events/index.js';
import type { OutgoingEmail } from '../shared/email.js';

export function welcomeEmail(user: UserSignedUp, appOrigin: string): OutgoingEmail {
  const lines = [`Hello ${user.firstName},`, '', "Welcome to Africa's Learning Platform."];
  if (user.role === 'tutor') {
    lines.push(
      '',
      'Before you can teach and receive payments we need to verify your identity (KYC).',
      `Sign in and open your tutor dashboard to upload your documents: ${appOrigin}/tutor-dashboard`,
    );
  } else {
    lines.push('', `Find a tutor and book your first lesson: ${appOrigin}/browse-tutors`);
  }
  if (user.adminRequested) {
    lines.push('', 'Your request for admin access has been recorded. A super admin will review it.');
  }
  lines.push('', "Africa's Learning Platform");
  return { to: user.email, subject: "Welcome to Africa's Learning Platform", text: lines.join('\n') };
}
