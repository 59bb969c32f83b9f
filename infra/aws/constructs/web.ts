/**
 * The app's single origin: CloudFront in front of a private S3 bucket with the SPA (Origin
 * Access Control), of the HTTP API under /api/*, and of published user media under /public/*
 * (the uploads bucket's public/ prefix, Origin Access Control), plus the deployment of the SPA
 * build and of /config.json (the RuntimeConfig the SPA reads at run time).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../../events/shared/runtime-config.js';
import { APP_FRAME_ANCESTORS, LIVE_LEFT_PATH, liveLeftFrameAncestors } from '../web-framing.js';
import { UPLOADS_PUBLIC_PREFIX } from './uploads.js';
import type { ApiCacheGroup } from '../api-cache-keys.js';
import type { Identity } from './identity.js';
import { LANGUAGES, type Language } from '../../../events/shared/language.js';
import {
  LANGUAGE_COOKIE, PRELOADING_SHELLS, PRERENDERED_FILES, PRERENDERED_PAGES, RECORD_ID, RECORD_PAGES, RECORD_STORE_KINDS,
  SUBJECT_PAGE_PATH, SUBJECT_PAGES_FOLDER, SUBJECT_STORE_KIND,
} from '../prerendered-pages.js';

export interface CustomDomain {
  /** e.g. learn.example.com; DNS (an alias to the distribution) is managed outside this stack. */
  domainName: string;
  /** ACM certificate for domainName, in us-east-1 (CloudFront's requirement). */
  certificateArn: string;
}

export interface WebProps {
  /** The conversations WebSocket API's URL (RuntimeConfig.socketUrl). */
  socketUrl: string;
  /** Domain of the HTTP API's execute-api endpoint (origin of /api/*). */
  apiDomainName: string;
  /**
   * Name of the uploads bucket, whose public/ prefix is served at /public/*. A name, not the
   * bucket: the bucket's CORS rule refers to this distribution (see uploadsBucketName); the
   * bucket policy that lets the distribution read public/* is the Uploads construct's.
   */
  uploadsBucketName: string;
  identity: Identity;
  supportPhone: string;
  supportEmail: string;
  logsBucket: s3.IBucket;
  /** CloudFront standard logs into logsBucket (not available for buckets in some opt-in regions). */
  accessLogs: boolean;
  /** The Vite build output (frontend/dist). */
  distPath: string;
  customDomain?: CustomDomain;
  /**
   * Origin of the video server whose classroom the live session page frames (the BigBlueButton
   * server of `-c bigBlueButtonUrl`): allowed in frame-src, and delegated camera, microphone,
   * screen sharing and fullscreen. Without one, nothing may be framed or use the camera.
   */
  videoOrigin?: string;
  /** Public listings' documented query parameters per path (infra/aws/api-cache-keys.ts); none elsewhere under /api/*. */
  apiCacheGroups: readonly ApiCacheGroup[];
  /** The CLOUDFRONT web ACL (us-east-1, infra/aws/edge-stack.ts); without it the distribution has none. */
  webAclArn?: string;
}

/**
 * Camera, microphone and screen sharing only for the framed video classroom. A frame gets a
 * feature only if its parent document has it too, hence `self` beside the video origin (the app's
 * own code never asks for them); without a video server they stay off, as geolocation and payment.
 */
export function permissionsPolicy(videoOrigin: string | undefined): string {
  const video = videoOrigin ? `(self "${videoOrigin}")` : '()';
  return [`camera=${video}`, `microphone=${video}`, `display-capture=${video}`, `fullscreen=${videoOrigin ? video : '(self)'}`,
    'geolocation=()', 'payment=()'].join(', ');
}

/**
 * The longest an API answer stays at the edge, whatever its `s-maxage` says: public GETs ask for
 * 30 s (functions/shared/http.ts `CACHE_PUBLIC_BRIEFLY`), the OpenAPI document for longer.
 */
export const MAX_API_EDGE_TTL = Duration.minutes(5);

/** The 410 page's title and its link home, per language (the function has no shell to answer with). */
const GONE_TEXT: Readonly<Record<Language, readonly [string, string]>> = {
  en: ['This page is no longer available', 'Go to the home page'],
  sw: ['Ukurasa huu haupatikani tena', 'Nenda ukurasa wa mwanzo'],
};

/**
 * SPA fallback on the default (S3) behaviour only: a path whose last segment has no file
 * extension is a client-side route and gets /index.html, or its prerendered page (or preloading
 * shell, e.g. for /tutor-profile/{id}) in the visitor's
 * language (infra/aws/prerendered-pages.ts: the language cookie, else Accept-Language's first supported
 * language; the same rule as requestLanguage there). The rewritten file is the cache key, so each
 * language's HTML is cached apart. The /api/* behaviour never runs this, so the API's own 403/404
 * JSON reaches the browser unchanged (no distribution-wide error responses on purpose).
 *
 * A record's path (/tutor-profile/{id}, /courses/{id}) with an id passing RECORD_ID is looked up in
 * the associated KeyValueStore (the function cannot look into S3): `page` → the record's own file in
 * that language, `gone` → 410 with a small page. A missing key or a failing lookup gives the shell, as
 * before the store existed, so an empty store serves the SPA-filled pages.
 *
 * So is a subject or grade page's path (SUBJECT_PAGE_PATH: /tutors/{subject}, /tutors/{exam-subject}/{grade}):
 * `page` → its rendered file in that language (/pages/tutors/{subject}/{grade}.html, .sw.html); anything
 * else → /index.html, as for any other route. Nothing else in /tutors/ is looked up.
 */
export const SPA_REWRITE_FUNCTION_CODE = `import cf from 'cloudfront';
var PRERENDERED = ${JSON.stringify(PRERENDERED_PAGES)};
var SHELLS = ${JSON.stringify(PRELOADING_SHELLS)};
var RECORDS = ${JSON.stringify(Object.fromEntries(Object.entries(RECORD_STORE_KINDS).map(([prefix, kind]) => [prefix, [kind, RECORD_PAGES[prefix]]])))};
var RECORD_ID = ${RECORD_ID.toString()};
var LANGUAGES = ${JSON.stringify(LANGUAGES)};
var GONE = ${JSON.stringify(GONE_TEXT)};
var SUBJECT = ${SUBJECT_PAGE_PATH.toString()};
var SUBJECTS = ${JSON.stringify([SUBJECT_STORE_KIND, SUBJECT_PAGES_FOLDER])};
function language(request) {
  var query = request.querystring && request.querystring.lang;
  if (query && LANGUAGES.indexOf(query.value) !== -1) return query.value;
  var cookie = request.cookies && request.cookies['${LANGUAGE_COOKIE}'];
  if (cookie && LANGUAGES.indexOf(cookie.value) !== -1) return cookie.value;
  var header = request.headers['accept-language'];
  var tags = header ? header.value.split(',') : [];
  for (var i = 0; i < tags.length; i++) {
    var primary = tags[i].trim().split(/[-_;]/)[0].toLowerCase();
    if (LANGUAGES.indexOf(primary) !== -1) return primary;
  }
  return LANGUAGES[0];
}
function inLanguage(file, lang) {
  return lang === LANGUAGES[0] ? file : file.replace(/\\.html$/, '.' + lang + '.html');
}
function shell(uri) {
  for (var prefix in SHELLS) {
    var rest = uri.substring(prefix.length);
    if (uri.indexOf(prefix) === 0 && rest && rest.indexOf('/') === -1) return SHELLS[prefix];
  }
  return undefined;
}
async function record(uri) {
  for (var prefix in RECORDS) {
    var id = uri.substring(prefix.length);
    if (uri.indexOf(prefix) !== 0 || !RECORD_ID.test(id)) continue;
    try {
      var state = await cf.kvs().get(RECORDS[prefix][0] + ':' + id);
      if (state === 'page' || state === 'gone') return { state: state, file: RECORDS[prefix][1] + id + '.html' };
    } catch (e) {
      // No key (get throws for one), or the store failed: the shell, as without a store.
    }
    return undefined;
  }
  return undefined;
}
async function subject(uri) {
  var match = SUBJECT.exec(uri);
  if (!match) return undefined;
  var name = match[1] + (match[2] || '');
  try {
    if (await cf.kvs().get(SUBJECTS[0] + ':' + name) === 'page') return SUBJECTS[1] + name + '.html';
  } catch (e) {
    // Not rendered yet, or the store failed: the shell.
  }
  return undefined;
}
async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var page = PRERENDERED[uri] || shell(uri);
  if (!page) {
    var rendered = await subject(uri);
    request.uri = rendered ? inLanguage(rendered, language(request)) : '/index.html';
    return request;
  }
  var lang = language(request);
  var found = PRERENDERED[uri] ? undefined : await record(uri);
  if (found && found.state === 'gone') {
    return {
      statusCode: 410,
      statusDescription: 'Gone',
      headers: { 'content-type': { value: 'text/html; charset=utf-8' }, 'cache-control': { value: 'no-cache' } },
      body: '<!doctype html><html lang="' + lang + '"><meta charset="utf-8"><title>' + GONE[lang][0] + '</title><h1>' + GONE[lang][0]
        + '</h1><p><a href="/">' + GONE[lang][1] + '</a></p></html>',
    };
  }
  request.uri = inLanguage(found ? found.file : page, lang);
  return request;
}`;


/**
 * An S3 origin signed with a given Origin Access Control that leaves the bucket policy alone
 * (S3BucketOrigin.withOriginAccessControl would grant GetObject on the whole bucket).
 */
class PrefixReadS3Origin extends origins.S3BucketOrigin {
  constructor(bucket: s3.IBucket, private readonly accessControl: cloudfront.S3OriginAccessControl) {
    super(bucket);
  }

  override bind(scope: Construct, options: cloudfront.OriginBindOptions): cloudfront.OriginBindConfig {
    const config = this._bind(scope, options);
    return {
      ...config,
      originProperty: { ...config.originProperty!, originAccessControlId: this.accessControl.originAccessControlId },
    };
  }
}

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** CloudFront's store of rendered and gone record pages (the viewer-request function's lookup). */
  readonly recordStore: cloudfront.KeyValueStore;
  /** `https://…` origin of the app (custom domain when configured). */
  readonly origin: string;
  /** Whether frontend/dist was found and deployed by this synth. */
  readonly spaDeployed: boolean;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'web/',
      // Rebuilt by every deployment, but retained so a stack removal never breaks a live site
      // through a half-deleted bucket.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const region = Aws.REGION;
    const s3Hosts = `https://*.s3.${region}.amazonaws.com https://*.s3.amazonaws.com`;
    const contentSecurityPolicy = (frameAncestors: string) => [
      "default-src 'self'",
      "script-src 'self'",
      // React component libraries inject <style> elements.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${s3Hosts}`,
      `media-src 'self' blob: ${s3Hosts}`,
      "font-src 'self' data:",
      // Amplify talks to Cognito directly; uploads go to S3 with presigned POST/PUT; the
      // conversations WebSocket is API Gateway's own domain (named by a wildcard: the response
      // headers policy naming the API would make the distribution wait for the socket's stack).
      `connect-src 'self' https://cognito-idp.${region}.amazonaws.com ${s3Hosts} wss://*.execute-api.${region}.amazonaws.com`,
      // KYC previews of PDFs (presigned GET) and the live class (the video server) may be framed.
      `frame-src 'self' ${s3Hosts}${props.videoOrigin ? ` ${props.videoOrigin}` : ''}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');

    // The same headers everywhere but for who may frame the page (infra/aws/web-framing.ts).
    const headersPolicy = (id: string, comment: string, frameAncestors: string, denyFraming: boolean) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(frameAncestors), override: true },
          contentTypeOptions: { override: true },
          ...(denyFraming ? { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } } : {}),
          referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
          xssProtection: { protection: true, modeBlock: true, override: true },
        },
        // The app itself never uses camera or microphone; only the framed classroom may (its iframe's allow= asks too).
        customHeadersBehavior: {
          customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy(props.videoOrigin), override: true }],
        },
      });
    const securityHeaders = headersPolicy('SecurityHeaders', 'Security headers for the SPA and the API', APP_FRAME_ANCESTORS, true);
    // The page the video server sends a leaving user to, inside the classroom frame.
    const liveLeftHeaders = headersPolicy('LiveLeftHeaders', 'Security headers of /live-left.html: framed by the app and the video server',
      liveLeftFrameAncestors(props.videoOrigin), false);

    // Written by the page consumers (functions/sitepages/record-store.ts), read by the function below.
    this.recordStore = new cloudfront.KeyValueStore(this, 'RecordPages', {
      comment: 'Rendered (page) and gone record pages: tutor:{id} / course:{id}',
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'SPA fallback: extension-less paths -> /index.html, a prerendered page or a record\'s own page',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      keyValueStore: this.recordStore,
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    // Published media (profile photos …): the objects' own Cache-Control (1 hour for photos)
    // applies; keys are unique per upload, so a replaced photo is never served stale.
    const uploadsBucket = s3.Bucket.fromBucketAttributes(this, 'UploadsBucket', {
      bucketName: props.uploadsBucketName,
      region: Aws.REGION,
    });
    const publicMediaOrigin = new PrefixReadS3Origin(
      uploadsBucket,
      new cloudfront.S3OriginAccessControl(this, 'PublicMediaAccessControl', {
        description: 'CloudFront reads published media (public/*) of the uploads bucket',
      }),
    );

    // The API's own policies instead of CachingDisabled, which cannot compress (CloudFront compresses
    // only under a cache policy that accepts gzip/brotli, and that needs a TTL above zero).
    // Nothing is cached unless the handler says so: default TTL 0, and `no-store` (every answer
    // but the public ones, functions/shared/http.ts) is honoured. Public GETs that send
    // `s-maxage` are kept at the edge up to MAX_API_EDGE_TTL. Authorization is in the cache key
    // (so it still reaches the API; a signed-in request never shares an entry with another
    // caller), and so are the documented query parameters only (browse filters, cursors:
    // infra/aws/api-cache-keys.ts), so `?x=…` cannot bypass the cache. So is Accept-Language:
    // the API answers its texts in the language asked for (and says `Vary: Accept-Language`, which
    // CloudFront does not act on by itself); the SPA sends just `en` or `sw`, so entries stay few.
    const apiCachePolicy = (id: string, comment: string, queryStrings: readonly string[]) => new cloudfront.CachePolicy(this, id, {
      comment,
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: MAX_API_EDGE_TTL,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization', 'Accept-Language'),
      queryStringBehavior: queryStrings.length > 0
        ? cloudfront.CacheQueryStringBehavior.allowList(...queryStrings)
        : cloudfront.CacheQueryStringBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });

    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const apiBehavior = (cachePolicy: cloudfront.ICachePolicy): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      // Every viewer header except Host (API Gateway routes on its own host) and every query
      // parameter reach the API; Authorization and the documented parameters through the cache key (above).
      cachePolicy,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
      responseHeadersPolicy: securityHeaders,
    });
    // More specific patterns first: CloudFront takes the first behaviour whose pattern matches.
    const listingBehaviors = Object.fromEntries(props.apiCacheGroups.map((group) => [group.pathPattern, apiBehavior(
      apiCachePolicy(`ApiCachePolicy${group.pathPattern.replace(/[^A-Za-z0-9]/g, '')}`,
        `API ${group.pathPattern}: as /api/* with its documented query parameters in the key`,
        group.queryStrings),
    )]));
    const custom = props.customDomain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Africa\'s Learning Platform: SPA + /api',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Price class 200 includes the African edge locations (and Europe, Asia, Middle East).
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      ...(custom ? {
        domainNames: [custom.domainName],
        // Only meaningful with a custom certificate (the default one's policy is fixed).
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', custom.certificateArn),
      } : {}),
      ...(props.accessLogs ? {
        enableLogging: true,
        logBucket: props.logsBucket,
        logFilePrefix: 'cloudfront/',
        logIncludesCookies: false,
      } : {}),
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...listingBehaviors,
        '/api/*': apiBehavior(apiCachePolicy('ApiCachePolicy', 'API: compressed; cached only when the answer says s-maxage (public GETs)', [])),
        [LIVE_LEFT_PATH]: {
          origin: spaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: liveLeftHeaders,
        },
        [`/${UPLOADS_PUBLIC_PREFIX}*`]: {
          origin: publicMediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          // Images and videos are compressed formats already.
          compress: false,
          responseHeadersPolicy: securityHeaders,
        },
      },
      // No errorResponses: a distribution-wide 403/404 → index.html would also rewrite the API's
      // JSON errors. The SPA fallback is the viewer-request function above.
    });

    this.origin = custom ? `https://${custom.domainName}` : `https://${this.distribution.distributionDomainName}`;

    const suppressions = [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the marketplace serves learners and tutors across Africa and the diaspora; '
          + 'payments are restricted by the payment provider, not by geography.',
      },
    ];
    if (!props.webAclArn) {
      suppressions.push({
        id: 'AwsSolutions-CFR2',
        reason: 'The CLOUDFRONT web ACL lives in us-east-1 (stack <app>-edge, infra/aws/edge-stack.ts) and is '
          + 'attached with context webAclArn once that stack is deployed; synth warns while it is missing.',
      });
      Annotations.of(this).addWarningV2('alp:web-acl-missing', 'No CloudFront web ACL: deploy the edge stack (us-east-1) '
        + 'first and pass its WebAclArn output with -c webAclArn=… (README deploy steps).');
    }
    if (!custom) {
      suppressions.push({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose '
          + 'viewer security policy CloudFront fixes; with context domainName/certificateArn TLSv1.2_2021 applies.',
      });
    }
    if (!props.accessLogs) {
      suppressions.push({
        id: 'AwsSolutions-CFR3',
        reason: 'CloudFront standard logs cannot be delivered to buckets in this opt-in region (context '
          + 'cloudFrontAccessLogs=false); API access logs are still written by the API stage.',
      });
    }
    NagSuppressions.addResourceSuppressions(this.distribution, suppressions);

    this.spaDeployed = existsSync(join(props.distPath, 'index.html'));
    this.deploy(props);
  }

  private deploy(props: WebProps): void {
    const runtimeConfig: RuntimeConfig = {
      environment: 'aws',
      region: Aws.REGION,
      userPoolId: props.identity.userPool.userPoolId,
      userPoolClientId: props.identity.client.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      supportPhone: props.supportPhone,
      supportEmail: props.supportEmail,
      socketUrl: props.socketUrl,
    };

    let assets: s3deploy.BucketDeployment | undefined;
    const assetsDir = join(props.distPath, 'assets');
    if (this.spaDeployed && existsSync(assetsDir)) {
      // Content-hashed files: cached for a year. Never pruned, so a browser still holding the
      // previous index.html can lazy-load its chunks during and after a deployment.
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        sources: [s3deploy.Source.asset(assetsDir)],
        cacheControl: [
          s3deploy.CacheControl.setPublic(),
          s3deploy.CacheControl.maxAge(Duration.days(365)),
          s3deploy.CacheControl.immutable(),
        ],
        prune: false,
        memoryLimit: 512,
      });
    }

    if (!this.spaDeployed) {
      // `cdk synth` and the infra tests must work before a web build: only config.json is
      // deployed then, and the warning says why the site has no SPA.
      Annotations.of(this).addWarningV2('alp:web-dist-missing',
        `${props.distPath}/index.html not found: the SPA is not deployed by this synth (run \`npm run build:web\` first); config.json still is.`);
    }

    // index.html, config.json, sw.js, the manifest and the other unhashed root files: revalidated
    // on every load, not downloaded: S3 gives each object an ETag, and CloudFront answers a
    // browser's If-None-Match with 304 and no body (locally the gateway does the same).
    const root = new s3deploy.BucketDeployment(this, 'DeployRoot', {
      destinationBucket: this.bucket,
      sources: [
        ...(this.spaDeployed ? [s3deploy.Source.asset(props.distPath, { exclude: ['assets', 'assets/**'] })] : []),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      cacheControl: [s3deploy.CacheControl.noCache()],
      // Keep the hashed assets and anything this deployment does not own.
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      // sw.js too: the worker decides which shell every installed app runs.
      distributionPaths: ['/index.html', ...PRERENDERED_FILES, '/config.json', '/sw.js'],
    });
    // index.html must never point at chunks that are not uploaded yet.
    if (assets) root.node.addDependency(assets);
  }
}
