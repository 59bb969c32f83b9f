/** The e-mail adapter: SES on AWS, the emulator's SES locally (messages readable in dev). */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './aws.js';
import { config } from './config.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function sendEmail(email: OutgoingEmail): Promise<void> {
  await sesClient().send(new SendEmailCommand({
    FromEmailAddress: config.emailFrom,
    Destination: { ToAddresses: [email.to] },
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
        },
      },
    },
  }));
}
