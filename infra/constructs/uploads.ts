/**
 * The private bucket for every user upload (KYC documents, profile photos, course media) under
 * per-user prefixes. Browsers upload with presigned POST/PUT and read with presigned GET, so
 * the bucket stays private; CORS allows exactly the app's origin.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface UploadsProps {
  /** Origins that may upload from the browser (the app's origin). */
  allowedOrigins: string[];
  logsBucket: s3.IBucket;
}

export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
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
      ],
      // Users' documents are never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
