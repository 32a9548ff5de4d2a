/** The part of s3rver's API the tests use (it ships no types). */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
