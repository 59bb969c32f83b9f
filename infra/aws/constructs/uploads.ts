/**
 * The private bucket for every user upload (KYC documents, profile photos, course media) under
 * per-user prefixes. Browsers upload with presigned POST into `staging/` (expired after a day)
 * and read private files with presigned GETs; CORS allows exactly the app's origin. Checked media
 * published under `public/` is served by the app's CloudFront distribution (`/public/*`, Origin
 * Access Control); the bucket policy lets the distribution read that prefix and nothing else.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DEFAULT_KYC_DOCUMENT_RETENTION_DAYS, RETENTION_TAG } from '../../../functions/uploads/rules.js';
import { APP_NAME } from '../definitions.js';

/** Key prefixes of the uploads bucket (functions/uploads/storage.ts writes them). */
export const UPLOADS_STAGING_PREFIX = 'staging/';
export const UPLOADS_PUBLIC_PREFIX = 'public/';
/** Identity documents (functions/kyc/service.ts stores them under it). */
export const UPLOADS_KYC_PREFIX = 'kyc/';

export interface UploadsProps {
  /** Physical name (see uploadsBucketName). */
  bucketName: string;
  /** Origins that may upload from the browser (the app's origin). */
  allowedOrigins: string[];
  logsBucket: s3.IBucket;
  /** The app's distribution, which serves `public/*` at `/public/*`. */
  distribution: cloudfront.IDistribution;
  /** Days a reviewed identity document is kept after its review (default 90). */
  kycDocumentRetentionDays?: number;
}

/**
 * The uploads bucket's name is fixed (account and region make it globally unique) so that the
 * distribution can use the bucket as an origin by name: the bucket's CORS rule names the
 * distribution's domain, and a reference back from the distribution would be a dependency cycle.
 * Stages are at most 20 characters (infra/aws/app.ts), so the name stays within S3's 63.
 */
export function uploadsBucketName(stage: string): string {
  return `${APP_NAME}-${stage}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: props.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // KYC evidence must survive an accidental overwrite or delete for a while.
      versioned: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'uploads/',
      cors: [{
        allowedOrigins: props.allowedOrigins,
        allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.PUT, s3.HttpMethods.POST],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      }],
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(90) },
        // Uploads nobody registered (or that failed the checks) go after a day, versions included.
        {
          id: 'expire-staging',
          prefix: UPLOADS_STAGING_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // …and the delete markers that expiry and the checks leave behind.
        { id: 'remove-staging-delete-markers', prefix: UPLOADS_STAGING_PREFIX, expiredObjectDeleteMarker: true },
        // Identity documents: the review rewrites the file with this tag (functions/uploads/storage.ts
        // retainFromNow), so it goes the set number of days after the review; the decision stays in the table.
        {
          id: 'expire-reviewed-kyc',
          tagFilters: { [RETENTION_TAG.key]: RETENTION_TAG.reviewedKyc },
          expiration: Duration.days(props.kycDocumentRetentionDays ?? DEFAULT_KYC_DOCUMENT_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // Users' documents are never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront (Origin Access Control) may read published media only: staging/ and KYC
    // documents stay private even to the distribution.
    this.bucket.addToResourcePolicy(new iam.PolicyStatement({
      sid: 'CloudFrontReadsPublicMediaOnly',
      effect: iam.Effect.ALLOW,
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [this.bucket.arnForObjects(`${UPLOADS_PUBLIC_PREFIX}*`)],
      conditions: {
        StringEquals: {
          'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distribution.distributionId}`,
        },
      },
    }));
  }
}
