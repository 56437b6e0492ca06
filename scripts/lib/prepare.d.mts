/** Types of prepare.mjs for the TypeScript scripts (bench) that call it. */
export const root: string;
export const serverEntry: string;
export function run(command: string, args: string[], options?: object): void;
export function ensurePackages(): void;
export function ensureClientBuild(): void;
export function ensureServerBuild(): void;
