/**
 * An AWS client whose SDK package is imported on first use, not when the function starts.
 * Why: the bundles leave `@aws-sdk/*` to the runtime, and importing one client package from
 * there costs about half a DynamoDB-only cold start (docs/benchmarks.md "Lambda cold imports").
 * Services shared by many handlers (payments, KYC, the second-factor check in httpRoute) reach
 * Cognito, S3, EventBridge or SSM on only some paths; with a static import every handler
 * importing them would pay. The import must be a dynamic `import()` of the package itself:
 * esbuild hoists a bundled module's external imports to the top of the bundle.
 *
 * Callers take the commands from the same loaded package:
 * `const { client, sdk } = await eventBridge(); await client.send(new sdk.PutEventsCommand(…))`.
 */
import { traceClient } from '../tracer.js';

export interface LoadedClient<Sdk, Client extends object> {
  client: Client;
  /** The client's package (commands, exceptions), already loaded. */
  sdk: Sdk;
}

/** `create` builds the one client per Lambda container; its calls are traced (X-Ray subsegments on AWS). */
export function lazyClient<Sdk, Client extends object>(load: () => Promise<Sdk>, create: (sdk: Sdk) => Client): () => Promise<LoadedClient<Sdk, Client>> {
  let loaded: Promise<LoadedClient<Sdk, Client>> | undefined;
  return () => {
    if (!loaded) {
      loaded = load().then((sdk) => ({ sdk, client: traceClient(create(sdk)) }));
      // A failed import is retried on the next call rather than kept for the container's life.
      loaded.catch(() => { loaded = undefined; });
    }
    return loaded;
  };
}
