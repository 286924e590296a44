// The backup commands' closing line names the database without its credentials, for every URL pg takes.
import { describe, expect, it } from 'vitest';
import { where } from './cli.ts';

describe('where a backup command worked', () => {
  it('names host, port and database, never the user or password', () => {
    expect(where({ databaseUrl: 'postgres://farm:s3cret@db.example.com:5433/crates', dataDir: 'x' })).toBe(
      'PostgreSQL db.example.com:5433/crates',
    );
    expect(where({ databaseUrl: 'postgresql://db/crates?sslmode=require', dataDir: 'x' })).toBe('PostgreSQL db/crates');
  });

  it('names a socket directory, which new URL refuses', () => {
    expect(where({ databaseUrl: 'postgres://farm:s3cret@/crates?host=/run/postgresql', dataDir: 'x' })).toBe(
      'PostgreSQL /run/postgresql/crates',
    );
    expect(where({ databaseUrl: 'postgres:///crates', dataDir: 'x' })).toBe('PostgreSQL localhost/crates');
  });

  it('names the embedded database by its folder', () => {
    expect(where({ databaseUrl: undefined, dataDir: '/var/lib/cratekeeper' })).toBe(
      'the embedded database in /var/lib/cratekeeper',
    );
  });
});
