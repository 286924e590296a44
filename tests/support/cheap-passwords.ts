// API tests hash passwords at a low argon2id cost: at the real one hashing was most of the suite's
// time. Hashes still carry their cost, so sign-in and re-hashing work the same; hardening.test.ts sets
// the real cost back to check it.
import { setPasswordCostForTests } from '../../src/server/lib/passwords.ts';

export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
setPasswordCostForTests(TEST_PASSWORD_COST);
