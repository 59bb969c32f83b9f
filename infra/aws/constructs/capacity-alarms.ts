/**
 * Alarms on running out of room, all to the one alarm topic (monitoring.ts): Lambda throttles and
 * errors per function group, DynamoDB throttled requests and system errors, and the SES
 * reputation figures at which AWS reviews or pauses the account's sending.
 *
 * A function group is the product's functions of one template (one domain's routes, or the
 * workers: consumers and jobs), found by walking the app, so functions added later are watched
 * without an edit here; its alarms go to a nested stack under that template. CloudWatch lets an alarm's metric math use at most 10 metrics, so a group
 * of more functions gets one alarm per 10.
 */
import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';

/** CloudWatch's limit on metrics in one alarm's math expression. */
export const METRICS_PER_ALARM = 10;
const PERIOD = Duration.minutes(5);
/** AWS reviews an account at a 5 % bounce rate and 0.1 % complaint rate (SES developer guide). */
export const SES_BOUNCE_RATE_LIMIT = 0.05;
export const SES_COMPLAINT_RATE_LIMIT = 0.001;

export interface CapacityAlarmsProps {
  /** The stack whose functions (nested stacks included) are watched. */
  app: Stack;
  table: dynamodb.ITable;
  action: SnsAction;
}

export class CapacityAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: CapacityAlarmsProps) {
    super(scope, id);
    const { action } = props;
    const add = (alarmScope: Construct, name: string, description: string, metric: cloudwatch.IMetric, threshold: number, periods = 1) => {
      const alarm = new cloudwatch.Alarm(alarmScope, name, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: periods,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    for (const [stack, functions] of functionGroups(props.app)) {
      // A nested stack of its own under the functions' template, so the alarms take no room from
      // that template's 500 resources (it gets the function names and the topic as parameters).
      const groupScope = stack === Stack.of(this) ? this : new NestedStack(stack, 'CapacityAlarms', {
        description: `Throttle and error alarms of the functions of ${stack.node.id}`,
      });
      const group = stack === props.app ? 'stack' : stack.node.id;
      for (let start = 0; start < functions.length; start += METRICS_PER_ALARM) {
        const chunk = functions.slice(start, start + METRICS_PER_ALARM);
        const suffix = functions.length > METRICS_PER_ALARM ? `-${start / METRICS_PER_ALARM + 1}` : '';
        const sum = (metric: (fn: NodejsFunction) => cloudwatch.Metric) => new cloudwatch.MathExpression({
          expression: 'SUM(METRICS())',
          usingMetrics: Object.fromEntries(chunk.map((fn, i) => [`m${i}`, metric(fn)])),
          period: PERIOD,
        });
        add(groupScope, `LambdaThrottles${suffix}`,
          `Lambda throttled ${group}${suffix} (${chunk.length} functions): the account's or a function's concurrency is used up`,
          sum((fn) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum' })), 0);
        add(groupScope, `LambdaErrors${suffix}`,
          `Lambda invocations of ${group}${suffix} (${chunk.length} functions) failed (unhandled errors, timeouts, out of memory)`,
          sum((fn) => fn.metricErrors({ period: PERIOD, statistic: 'Sum' })), 0);
      }
    }

    // The operations the product calls (never Scan); all of DynamoDB's would pass the 10-metric limit.
    const operations = [
      dynamodb.Operation.GET_ITEM, dynamodb.Operation.PUT_ITEM, dynamodb.Operation.UPDATE_ITEM, dynamodb.Operation.DELETE_ITEM,
      dynamodb.Operation.QUERY, dynamodb.Operation.BATCH_GET_ITEM, dynamodb.Operation.BATCH_WRITE_ITEM,
      dynamodb.Operation.TRANSACT_WRITE_ITEMS, dynamodb.Operation.TRANSACT_GET_ITEMS,
    ];
    add(this, 'DynamoDbThrottles', 'DynamoDB throttled requests for 10 minutes (a hot partition or the account\'s table limits)',
      props.table.metricThrottledRequestsForOperations({ operations, period: PERIOD }), 0, 2);
    add(this, 'DynamoDbSystemErrors', 'DynamoDB answered with internal server errors',
      props.table.metricSystemErrorsForOperations({ operations, period: PERIOD }), 0);
    add(this, 'SesBounceRate', `SES bounce rate above ${SES_BOUNCE_RATE_LIMIT * 100} %: AWS reviews the account and may pause sending`,
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: Duration.hours(1), statistic: 'Maximum' }),
      SES_BOUNCE_RATE_LIMIT);
    add(this, 'SesComplaintRate', `SES complaint rate above ${SES_COMPLAINT_RATE_LIMIT * 100} %: AWS reviews the account and may pause sending`,
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: Duration.hours(1), statistic: 'Maximum' }),
      SES_COMPLAINT_RATE_LIMIT);
  }
}

/** The product's functions (NodejsFunction: AppFunction's), grouped by the template they are in. */
export function functionGroups(app: Stack): Map<Stack, NodejsFunction[]> {
  const groups = new Map<Stack, NodejsFunction[]>();
  for (const child of app.node.findAll()) {
    if (!(child instanceof NodejsFunction)) continue;
    const stack = Stack.of(child);
    groups.set(stack, [...(groups.get(stack) ?? []), child]);
  }
  return groups;
}
