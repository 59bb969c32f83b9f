/** Runtime configuration from the environment (set by CDK on AWS, by infra/local locally). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() { return required('TABLE_NAME'); },
  get userPoolId() { return required('USER_POOL_ID'); },
  get userPoolClientId() { return required('USER_POOL_CLIENT_ID'); },
  get uploadsBucket() { return required('UPLOADS_BUCKET'); },
  get eventBusName() { return required('EVENT_BUS_NAME'); },
  get emailFrom() { return required('EMAIL_FROM'); },
  /** Public origin of the SPA, for links in e-mails and provider callbacks. */
  get appOrigin() { return required('APP_ORIGIN'); },
};
