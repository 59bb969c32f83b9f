/**
 * The AI model in a synthesized stack: only the quiz, chat and lesson report draft functions
 * (ai:invoke) may call Bedrock, only the model named by -c bedrockModelId, and they get that model and its settings in
 * their environment.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../functions/routes.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { heartbeatJob } from './fixtures/jobs.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';

type Resource = { Type: string; Properties: Record<string, any> };

function synth(context: Record<string, unknown>) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new AlpStack(app, 'alp-ai', { stage: 'ai', webDistPath: '/nonexistent', schedules: [heartbeatJob] });
  const resources = appTemplate(stack).toJSON().Resources as Record<string, Resource>;
  const roleOf = (fn: unknown) => (resources[appLogicalId(fn as never)]!.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  const quizFn = stack.api.routes.generateQuiz!.function.node.defaultChild;
  const chatFn = stack.api.routes.sendChatMessage!.function.node.defaultChild;
  const draftFn = stack.api.routes.draftLessonReport!.function.node.defaultChild;
  /** Every Bedrock statement of the stack, with the roles that hold it. */
  const bedrockStatements = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy').flatMap((policy) =>
    (policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>)
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('bedrock:')))
      .map((statement) => ({ statement, roles: (policy.Properties.Roles as Array<{ Ref: string }>).map((r) => r.Ref) })));
  const envOf = (fn: unknown) => resources[appLogicalId(fn as never)]!.Properties.Environment.Variables;
  const callers = [quizFn, chatFn, draftFn];
  return {
    stack, resources, quizEnv: envOf(quizFn),
    /** Every model caller's role (they may share one: the same grants) and environment. */
    callerRoles: callers.map(roleOf), callerEnvs: callers.map(envOf), bedrockStatements,
  };
}

const arn = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });

describe('the AI model on AWS', () => {
  it('only routes that declare ai:invoke exist to call it: the quiz, the study assistant\'s chat and the lesson report draft', () => {
    expect(routeList.filter((r) => (r.grants as readonly string[]).includes('ai:invoke')).map((r) => r.name))
      .toEqual(['generateQuiz', 'sendChatMessage', 'draftLessonReport']);
  });

  it('default: the model callers alone may InvokeModel, on amazon.nova-micro-v1:0 in the stack\'s Region, and know the model', () => {
    const { callerRoles, callerEnvs, bedrockStatements } = synth({});
    const statement = {
      Effect: 'Allow', Action: 'bedrock:InvokeModel',
      Resource: arn('arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, '::foundation-model/amazon.nova-micro-v1:0'),
    };
    expect(bedrockStatements.map((s) => s.statement)).toEqual(bedrockStatements.map(() => statement));
    // The callers may share a role (the same grants): each role holds the statement once.
    expect(bedrockStatements.flatMap((s) => s.roles).sort()).toEqual([...new Set(callerRoles)].sort());
    for (const env of callerEnvs) expect(env).toMatchObject({ BEDROCK_MODEL_ID: 'amazon.nova-micro-v1:0' });
  });

  it('gives the quiz function time for the model\'s 8 s and a cold start (15 s), other routes keep 10 s', () => {
    const { stack, resources } = synth({});
    const timeoutOf = (name: 'generateQuiz' | 'getMe') => resources[appLogicalId(stack.api.routes[name]!.function.node.defaultChild as never)]!.Properties.Timeout;
    expect(timeoutOf('generateQuiz')).toBe(15);
    expect(timeoutOf('getMe')).toBe(10);
  });

  it('-c bedrockModelId=us.amazon.nova-micro-v1:0 (inference profile): the profile, and the model only through it; limits from context', () => {
    const { callerRoles, quizEnv, bedrockStatements } = synth({ bedrockModelId: 'us.amazon.nova-micro-v1:0', aiQuizDailyLimit: 10, aiPlatformDailyLimit: 500 });
    const profile = arn('arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':inference-profile/us.amazon.nova-micro-v1:0');
    const perFunction = [
      { Effect: 'Allow', Action: 'bedrock:InvokeModel', Resource: profile },
      {
        Effect: 'Allow', Action: 'bedrock:InvokeModel',
        Resource: arn('arn:', { Ref: 'AWS::Partition' }, ':bedrock:*::foundation-model/amazon.nova-micro-v1:0'),
        Condition: { StringEquals: { 'bedrock:InferenceProfileArn': profile } },
      },
    ];
    for (const role of new Set(callerRoles)) {
      expect(bedrockStatements.filter((s) => s.roles.includes(role)).map((s) => s.statement)).toEqual(perFunction);
    }
    expect(bedrockStatements.every((s) => s.roles.every((r) => callerRoles.includes(r)))).toBe(true);
    expect(quizEnv).toMatchObject({ BEDROCK_MODEL_ID: 'us.amazon.nova-micro-v1:0', AI_QUIZ_DAILY_LIMIT: '10', AI_PLATFORM_DAILY_LIMIT: '500' });
  });

  it('refuses a model id that is not one', () => {
    expect(() => synth({ bedrockModelId: 'anthropic.*' })).toThrow(/bedrockModelId/);
  });
});
