// Password hashing: argon2id at OWASP's cost (m = 19 MiB, t = 2, p = 1) in the PHC string format, and
// the scrypt hashes made before decision 025, which still verify and are replaced on the next sign-in.
// Every hash and every check runs in one bounded pool per process: at most as many at once as the
// machine has cores, a short queue, and a 429 beyond it, so a flood of sign-ins holds a known amount
// of memory and leaves the event loop and the other threads to everyone else.
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import { tooManyRequests } from './http-error.ts';

addEnglish({ errors: errorsEnglish });

// Algorithm.Argon2id: the package declares its enum `const`, which isolated modules can't read.
const ARGON2ID = 2 as Algorithm;

export type PasswordCost = { memoryCost: number; timeCost: number; parallelism: number };
/** OWASP's argon2id configuration: 19 MiB (in KiB), two passes, one lane. */
export const PASSWORD_COST: PasswordCost = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
let cost: PasswordCost = PASSWORD_COST;

/**
 * The API tests register hundreds of accounts (tests/support/cheap-passwords.ts lowers the cost); the
 * hardening test sets it back to prove the real one. The app has no other way to change it.
 */
export function setPasswordCostForTests(next: PasswordCost): void {
  cost = next;
}

// A stored hash above these is refused rather than allowed to take the memory or the time it asks
// for (a tampered row): 128 MiB, as much as the strongest scrypt hash this app ever wrote.
const MAX_MEMORY_KIB = 128 * 1024;
const MAX_TIME_COST = 10;
const MAX_PARALLELISM = 4;

export const passwordWorkBusyMessage = english('errors.passwordsBusy');

/**
 * At most `size` pieces of work at once, at most `queueLimit` waiting; beyond that a 429. The limit is
 * per process: it guards this process's memory and cores (rate limits that several instances share
 * live in the database).
 */
export class WorkPool {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** The most that ever ran at once (the tests read it). */
  peak = 0;

  constructor(
    readonly size: number,
    readonly queueLimit: number,
  ) {}

  get running() {
    return this.#running;
  }

  get queued() {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.size) {
      this.#running++;
    } else if (this.#waiting.length < this.queueLimit) {
      // The finishing task hands its place over, so #running stays counted.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      throw tooManyRequests(passwordWorkBusyMessage);
    }
    this.peak = Math.max(this.peak, this.#running);
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

const cores = availableParallelism();
/** One per core; eight per core may wait (at ~50 ms a hash, well under a second). */
export const passwordPool = new WorkPool(cores, cores * 8);

export async function hashPassword(password: string): Promise<string> {
  const { memoryCost, timeCost, parallelism } = cost;
  return passwordPool.run(() => argon2Hash(password, { algorithm: ARGON2ID, memoryCost, timeCost, parallelism }));
}

type Argon2Params = { kind: 'argon2id'; m: number; t: number; p: number };
type ScryptParams = { kind: 'scrypt'; N: number; r: number; p: number; salt: Buffer; key: Buffer };

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, within the bounds above. */
function parseArgon2(stored: string): Argon2Params | null {
  const match = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(stored);
  if (!match) return null;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m > MAX_MEMORY_KIB || m < 8 * p || t < 1 || t > MAX_TIME_COST || p < 1 || p > MAX_PARALLELISM) return null;
  return { kind: 'argon2id', m, t, p };
}

/** The hashes of decisions 005 and 011: `scrypt$N$r$p$salt$key`. */
function parseScrypt(stored: string): ScryptParams | null {
  const [algo, n, rr, pp, saltB64, keyB64] = stored.split('$');
  const [N, r, p] = [Number(n), Number(rr), Number(pp)];
  if (algo !== 'scrypt' || !saltB64 || !keyB64) return null;
  if (![N, r, p].every(Number.isSafeInteger) || N < 2 || r < 1 || p < 1 || p > 16) return null;
  if (scryptMemory(N, r) > MAX_MEMORY_KIB * 1024) return null;
  const key = Buffer.from(keyB64, 'base64');
  return key.length === 0 ? null : { kind: 'scrypt', N, r, p, salt: Buffer.from(saltB64, 'base64'), key };
}

const scryptMemory = (N: number, r: number) => 128 * N * r;

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const argon2 = parseArgon2(stored);
  if (argon2) return passwordPool.run(() => argon2Verify(stored, password));
  const legacy = parseScrypt(stored);
  if (!legacy) return false;
  const { N, r, p, salt, key: expected } = legacy;
  // Node refuses more than 32 MiB by default; 16 MiB above what the cost needs.
  const options = { N, r, p, maxmem: scryptMemory(N, r) + 16 * 1024 * 1024 };
  const key = await passwordPool.run(() => scrypt(password, salt, expected.length, options));
  return timingSafeEqual(key, expected);
}

/** True when a stored hash is not argon2id at today's cost: re-hash it after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseArgon2(stored);
  return !parsed || parsed.m !== cost.memoryCost || parsed.t !== cost.timeCost || parsed.p !== cost.parallelism;
}

// Compared against when the e-mail is unknown, so both failures take the same time. Made again if
// the cost changed (the tests switch it).
let dummy: { cost: PasswordCost; hash: Promise<string> } | undefined;
export function dummyPasswordHash(): Promise<string> {
  if (dummy?.cost !== cost) {
    const hash = hashPassword(randomBytes(12).toString('hex'));
    dummy = { cost, hash };
    // A busy pool refuses this attempt; the next one makes the dummy again.
    hash.catch(() => {
      if (dummy?.hash === hash) dummy = undefined;
    });
  }
  return dummy.hash;
}
