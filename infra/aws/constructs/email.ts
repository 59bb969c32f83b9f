/**
 * The SES identity the product sends from (its own e-mail and, through the user pool, Cognito's
 * confirmation and reset codes), created by the stack so a fresh account needs no console step
 * beyond the one the deploy checklist names (docs/operations.md "Launch checklist"):
 *
 * - a domain (context `emailDomain`): Easy DKIM; the three CNAME records are stack outputs to
 *   add at the domain's DNS, after which SES verifies the domain by itself;
 * - otherwise the sender address (context `emailFrom`): SES mails a verification link to it.
 *
 * Either way a new account's SES is in the sandbox (it sends only to verified addresses) until
 * AWS grants production access, which the checklist asks for.
 */
import { CfnOutput } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  /** The sender address of every e-mail (EMAIL_FROM, Cognito's From). */
  from: string;
  /** A domain to verify with DKIM instead of the single address; `from` must be at it. */
  domain?: string;
}

export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly from: string;
  /** The verified domain when the identity is a domain (Cognito's sesVerifiedDomain). */
  readonly domain?: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    const fromDomain = props.from.split('@').pop();
    if (props.domain !== undefined && fromDomain !== props.domain) {
      throw new Error(`The sender ${props.from} is not at the SES domain ${props.domain}: use an address @${props.domain}.`);
    }
    this.from = props.from;
    this.domain = props.domain;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: props.domain ? ses.Identity.domain(props.domain) : ses.Identity.email(props.from),
    });

    if (props.domain) {
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(scope, `SesDkimRecord${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DKIM record ${i + 1} of 3 to add at ${props.domain}'s DNS (SES verifies the domain once all three resolve)`,
        });
      });
    }
    new CfnOutput(scope, 'SesIdentity', {
      value: this.identity.emailIdentityName,
      description: props.domain
        ? 'SES domain identity of the sender: add the SesDkimRecord outputs to its DNS, then request SES production access'
        : 'SES e-mail identity of the sender: open the verification link SES mailed to it, then request SES production access',
    });
  }
}
