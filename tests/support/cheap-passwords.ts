// API tests hash passwords at a low scrypt cost: at the real one (N = 2^17, ~0.35 s a hash) hashing was
// most of the suite's time. Hashes still carry their cost, so sign-in and re-hashing work the same;
// hardening.test.ts sets the real cost back to check it.
import { setPasswordCostForTests } from '../../src/server/lib/passwords.ts';

export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };
setPasswordCostForTests(TEST_PASSWORD_COST);
