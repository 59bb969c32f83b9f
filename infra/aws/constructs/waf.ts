/**
 * AWS WAF web ACLs from the one table of per-IP limits (infra/aws/rate-limits.ts):
 * - EdgeFirewall: scope CLOUDFRONT, in front of the whole app (SPA, /api/*, /public/*). CloudFront
 *   ACLs must be created in us-east-1, so it lives in its own stack (infra/aws/edge-stack.ts) and
 *   the app stack takes its ARN (docs/decisions/2026-11-27-waf-web-acls.md).
 * - RegionalFirewall: scope REGIONAL, associated with the Cognito user pool, which the SPA calls
 *   directly (sign-in, codes). The HTTP API cannot take a web ACL (API Gateway associates WAF with
 *   REST API stages only); it is reached through CloudFront, whose ACL covers /api/*.
 * Both carry AWS's managed rule groups (common exploits, known bad inputs, IP reputation).
 */
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import {
  IP_RATE_LIMITS, PAYSTACK_WEBHOOK_IPS, RATE_LIMITED_BODY, type IpRateLimit, type LimitScope,
} from '../rate-limits.js';

const RATE_LIMITED_KEY = 'rate-limited';
const PAYSTACK_WEBHOOK_PATH = '/api/webhooks/paystack';

/** AWS managed groups, in evaluation order after the address and rate rules. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true,
});

const text = (searchString: string, field: wafv2.CfnWebACL.FieldToMatchProperty, positionalConstraint: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    searchString, fieldToMatch: field, positionalConstraint,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  (statements.length === 1 ? statements[0]! : { orStatement: { statements } });
const allOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  (statements.length === 1 ? statements[0]! : { andStatement: { statements } });

/** The requests a limit counts, as a WAF scope-down statement. */
export function scopeDown(limit: IpRateLimit): wafv2.CfnWebACL.StatementProperty {
  if ('cognitoActions' in limit.match) {
    return anyOf(limit.match.cognitoActions.map((action) =>
      text(`AWSCognitoIdentityProviderService.${action}`, { singleHeader: { Name: 'x-amz-target' } }, 'EXACTLY')));
  }
  const { methods, path, pathMatch } = limit.match;
  const pathStatement: wafv2.CfnWebACL.StatementProperty = pathMatch === 'pattern'
    ? {
      regexMatchStatement: {
        regexString: `^${path.replace(/\{\w+\}/g, '[^/]+')}$`, fieldToMatch: { uriPath: {} },
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }
    : text(path, { uriPath: {} }, pathMatch === 'exact' ? 'EXACTLY' : 'STARTS_WITH');
  // Every method: no method condition (WAF would need seven).
  if (methods.length >= 7) return pathStatement;
  return allOf([anyOf(methods.map((m) => text(m, { method: {} }, 'EXACTLY'))), pathStatement]);
}

/** A rate-based rule per limit: past it, 429 with Retry-After (the window) and the product's JSON error. */
export function rateRules(scope: LimitScope, firstPriority: number, limits: readonly IpRateLimit[] = IP_RATE_LIMITS): wafv2.CfnWebACL.RuleProperty[] {
  return limits.filter((l) => l.scope === scope).map((limit, i) => ({
    name: limit.name,
    priority: firstPriority + i,
    statement: {
      rateBasedStatement: {
        limit: limit.limit,
        evaluationWindowSec: limit.windowSeconds,
        aggregateKeyType: 'IP',
        scopeDownStatement: scopeDown(limit),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: RATE_LIMITED_KEY,
          responseHeaders: [{ name: 'Retry-After', value: String(limit.windowSeconds) }],
        },
      },
    },
    visibilityConfig: visibility(limit.name),
  }));
}

function managedRules(firstPriority: number): wafv2.CfnWebACL.RuleProperty[] {
  return MANAGED_RULE_GROUPS.map((name, i) => ({
    name,
    priority: firstPriority + i,
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        // Course lessons, reviews and AI prompts are legitimately longer than the common set's
        // 8 KB body rule; the API's own contracts bound every field instead.
        ...(name === 'AWSManagedRulesCommonRuleSet'
          ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
          : {}),
      },
    },
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  }));
}

const customResponseBodies = {
  [RATE_LIMITED_KEY]: { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY },
};

export interface EdgeFirewallProps {
  stage: string;
  /** Paystack's webhook source addresses (CIDR); default PAYSTACK_WEBHOOK_IPS. */
  paystackWebhookIps?: readonly string[];
}

/** The CloudFront web ACL (deploy in us-east-1). */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const paystack = new wafv2.CfnIPSet(this, 'PaystackWebhookIps', {
      name: `alp-${props.stage}-paystack-webhook`,
      description: 'Paystack webhook source addresses from the Paystack docs',
      scope: 'CLOUDFRONT',
      ipAddressVersion: 'IPV4',
      addresses: [...(props.paystackWebhookIps ?? PAYSTACK_WEBHOOK_IPS)],
    });
    const webhookFromElsewhere: wafv2.CfnWebACL.RuleProperty = {
      name: 'paystack-webhook-source',
      priority: 0,
      statement: allOf([
        text(PAYSTACK_WEBHOOK_PATH, { uriPath: {} }, 'EXACTLY'),
        { notStatement: { statement: { ipSetReferenceStatement: { arn: paystack.attrArn } } } },
      ]),
      action: { block: { customResponse: { responseCode: 403 } } },
      visibilityConfig: visibility('paystack-webhook-source'),
    };
    const rates = rateRules('api', 1);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `alp-${props.stage}-edge`,
      description: 'The app CloudFront distribution: per-IP limits from infra/aws/rate-limits.ts and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: [webhookFromElsewhere, ...rates, ...managedRules(1 + rates.length)],
      customResponseBodies,
      visibilityConfig: visibility(`alp-${props.stage}-edge`),
    });
  }
}

export interface RegionalFirewallProps {
  stage: string;
  /** ARN of the Cognito user pool the ACL protects. */
  userPoolArn: string;
}

/** The REGIONAL web ACL of the Cognito user pool. */
export class RegionalFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: RegionalFirewallProps) {
    super(scope, id);
    const rates = rateRules('cognito', 0);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `alp-${props.stage}-identity`,
      description: 'The Cognito user pool: per-IP limits on sign-up, sign-in and codes from infra/aws/rate-limits.ts and AWS managed rules',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: [...rates, ...managedRules(rates.length)],
      customResponseBodies,
      visibilityConfig: visibility(`alp-${props.stage}-identity`),
    });
    new wafv2.CfnWebACLAssociation(this, 'UserPool', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
