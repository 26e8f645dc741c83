import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable under isolatedModules) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random string: lets a login for an unknown user spend the same time as a real one. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));
