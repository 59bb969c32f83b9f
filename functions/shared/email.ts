/** The e-mail adapter: SES on AWS, the emulator's SES locally (messages readable in dev). */
import { ses } from './aws/ses.js';
import { config } from './config.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const { client, sdk } = await ses();
  await client.send(new sdk.SendEmailCommand({
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
