/**
 * What CloudFront needs from us-east-1, whichever region the app is in: the CLOUDFRONT-scope web
 * ACL (AWS WAF creates those in us-east-1 only). Deployed before the app stack, which takes its
 * ARN from context `webAclArn` (docs/decisions/2026-11-27-waf-web-acls.md, README deploy steps).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeFirewall } from './constructs/waf.js';

export interface EdgeStackProps extends StackProps {
  stage: string;
  paystackWebhookIps?: readonly string[];
}

/** The region AWS WAF requires for web ACLs of CloudFront distributions. */
export const EDGE_REGION = 'us-east-1';

export class EdgeStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, {
      description: `Africa's Learning Platform (${props.stage}): CloudFront web ACL (us-east-1)`,
      ...props,
      env: { ...props.env, region: EDGE_REGION },
    });
    this.firewall = new EdgeFirewall(this, 'Firewall', { stage: props.stage, paystackWebhookIps: props.paystackWebhookIps });
    new CfnOutput(this, 'WebAclArn', {
      value: this.firewall.webAcl.attrArn,
      description: 'Pass to the app stack: cdk deploy <app stack> -c webAclArn=<this>',
    });
  }
}
