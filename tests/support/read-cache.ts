// Checks that the read cache tells the truth (decision 032): every cached route, asked by each account,
// answers exactly what the database says when the cache is set aside.
import type { App } from '../../src/server/app.ts';
import type { Account } from './accounts.ts';

/** Asks every cached route as each account, so the cache holds their answers. */
export async function askEveryCachedRoute(app: App, accounts: Account[]) {
  for (const account of accounts) {
    for (const url of plainUrls(app)) await account.inject({ method: 'GET', url });
  }
}

/** The cached routes without a path parameter (those with one are asked of by their own tests). */
const plainUrls = (app: App) => app.cachedRoutes.map((r) => r.url).filter((url) => !url.includes(':'));

/**
 * The cached routes (as each account) whose answer differs from a fresh read of the database: each as
 * "role url". Empty when the cache serves nothing older than what it was told of.
 */
export async function staleCachedAnswers(app: App, accounts: Account[]): Promise<string[]> {
  const stale: string[] = [];
  for (const account of accounts) {
    for (const url of plainUrls(app)) {
      const cached = await account.inject({ method: 'GET', url });
      app.readCache.pause(true);
      try {
        const fresh = await account.inject({ method: 'GET', url });
        if (cached.statusCode !== fresh.statusCode || cached.body !== fresh.body) {
          stale.push(`${account.user.role} ${url}`);
        }
      } finally {
        app.readCache.pause(false);
      }
    }
  }
  return stale;
}
