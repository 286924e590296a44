// Password hashing with Node's scrypt: "scrypt$N$r$p$salt$hash", compared in constant time. The cost
// is OWASP's current advice (N = 2^17, r = 8, p = 1); it is stored in each hash, so hashes made with
// an older cost still verify and are replaced on the next successful sign-in (decision 011).
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

export type ScryptCost = { N: number; r: number; p: number };
export const SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
let cost: ScryptCost = SCRYPT_COST;

/**
 * The API tests register hundreds of accounts; at the real cost scrypt was most of their run time
 * (tests/support/cheap-passwords.ts lowers it). The hardening test sets it back to prove the real one.
 */
export function setPasswordCostForTests(next: ScryptCost): void {
  cost = next;
}
const KEYLEN = 32;
// scrypt needs 128 × N × r bytes (128 MiB at the cost above); Node refuses more than 32 MiB by default.
const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;
// Stored hashes above this cost are refused rather than allowed to exhaust memory.
const MAX_N = 2 ** 20;

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string) {
  const [algo, n, rr, pp, saltB64, keyB64] = stored.split('$');
  const [N, r, p] = [Number(n), Number(rr), Number(pp)];
  if (algo !== 'scrypt' || !saltB64 || !keyB64) return null;
  if (![N, r, p].every(Number.isSafeInteger) || N < 2 || N > MAX_N || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { N, r, p, salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const { N, r, p, salt, key: expected } = parsed;
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmemFor(N, r) });
  return timingSafeEqual(key, expected);
}

/** True when a stored hash was made with another cost than today's: re-hash it after a sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p;
}

// Compared against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
