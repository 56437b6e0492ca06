/** argon2id with the library's defaults (OWASP's first choice for password storage). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account matched keeps the answer time the same either way. */
let dummyHash: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hash('no account has this password');
  await verifyPassword(await dummyHash, password);
}
