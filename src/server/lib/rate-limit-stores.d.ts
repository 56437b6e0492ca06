/** @fastify/rate-limit's own stores, which it ships without type declarations. */
declare module '@fastify/rate-limit/store/*.js' {
  type Store = {
    incr(key: string, cb: (err: Error | null, result: { current: number; ttl: number } | null) => void, timeWindow: number, max: number): void;
    child(options: unknown): Store;
  };
  const Store: new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
  export default Store;
}
