// Types of scripts/build-server.mjs (plain JavaScript: `npm start` runs it with node alone).
export const root: string;
export const defaultOutdir: string;
/** Why the bundle of `entry` (src/server/index.ts) in `outdir` can't be used as it is, or null when it can. */
export function staleReason(outdir?: string, entry?: string): string | null;
/** Bundles `entry` (src/server/index.ts) into `outdir` as index.mjs; resolves with its path. */
export function buildServer(outdir?: string, entry?: string): Promise<string>;
/** The bundle's index.mjs, built first when it is missing or stale (`log` says why). */
export function ensureServerBuild(options?: {
  outdir?: string;
  entry?: string;
  log?: (line: string) => void;
}): Promise<string>;
