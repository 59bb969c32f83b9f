/**
 * npm run bench [-- web|lighthouse|tasks|browse|lambda|rum|lesson-jobs|lesson-writes]: measures the budgets of docs/benchmarks.md
 * "Budgets", and prints Markdown for docs/benchmarks.md. Benchmarks, not tests: they report,
 * they don't fail. ALP_WEB_DIST=<dir> measures another SPA build (e.g. an older commit's).
 */
const which = process.argv.slice(2);
const all = which.length === 0;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

if (all || which.includes('web')) {
  const { benchWeb } = await import('./web.js');
  console.log(await benchWeb(), '\n');
}
if (all || which.includes('lighthouse')) {
  const { benchLighthouse } = await import('./lighthouse.js');
  console.log(await benchLighthouse(), '\n');
}
if (all || which.includes('tasks')) {
  const { benchTasks } = await import('./tasks.js');
  console.log(await benchTasks(), '\n');
}
if (all || which.includes('browse')) {
  const { benchBrowse } = await import('./browse.js');
  console.log(await benchBrowse(), '\n');
}
if (all || which.includes('lambda')) {
  const { benchLambda } = await import('./lambda.js');
  console.log(await benchLambda(), '\n');
}
if (which.includes('rum')) {
  // Not in the default set: slow visits on a throttled network, a few minutes.
  const { benchRum } = await import('./rum.js');
  console.log(await benchRum(), '\n');
}
if (which.includes('lesson-jobs')) {
  // Not in the default set: it loads 55,000 lessons into DynamoDB Local (a few minutes).
  const { benchLessonJobs } = await import('./lesson-jobs.js');
  console.log(await benchLessonJobs(), '\n');
}
if (which.includes('lesson-writes')) {
  const { benchLessonWrites } = await import('./lesson-writes.js');
  console.log(await benchLessonWrites(), '\n');
}
export {};
