/** The parts of s3rver (an in-process S3-compatible server, a dev dependency) the storage tests use. */
declare module 's3rver' {
  type Options = { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
