import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  claimDataFolder,
  DataFolderInUse,
  localDatabaseTarget,
  lockFileFor,
  openLocalDatabase,
} from './localDatabase';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'labellens-db-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the local database folder', () => {
  it('creates the folder and its missing parents, and keeps data across a reopen', async () => {
    // '' and not undefined, which would take DATABASE_URL: this is about PGlite's folder.
    const target = localDatabaseTarget(path.join(root, '.data', 'nested', 'db'), '');
    const first = await openLocalDatabase(target, { command: 'test' });
    await first.exec("create table kept (note text); insert into kept values ('across a restart')");
    expect(existsSync(lockFileFor(target.dataDir))).toBe(true);
    await first.close();
    expect(existsSync(lockFileFor(target.dataDir))).toBe(false);

    const second = await openLocalDatabase(target, { command: 'test' });
    try {
      expect((await second.query('select note from kept')).rows).toEqual([{ note: 'across a restart' }]);
    } finally {
      await second.close();
    }
    // Creating a PGlite folder runs initdb on disk: seconds on a quiet machine, far more on a busy one.
  }, 120_000);

  it('refuses a folder a live process holds, naming the process, and frees it on release', () => {
    const dir = path.join(root, 'db');
    const release = claimDataFolder(dir, 'npm start');
    expect(() => claimDataFolder(dir, 'npm run db:seed')).toThrow(DataFolderInUse);
    expect(() => claimDataFolder(dir, 'npm run db:seed')).toThrow(
      new RegExp(`^The database folder ${dir} is in use by process ${process.pid} \\(npm start, since `),
    );
    release();
    claimDataFolder(dir, 'npm run db:seed')();
  });

  it('takes over a lock left by a process that has died', () => {
    const dir = path.join(root, 'db');
    const pid = deadPid();
    writeFileSync(
      lockFileFor(dir),
      JSON.stringify({ pid, command: 'npm start', since: '2024-11-01T00:00:00Z' }),
    );
    const release = claimDataFolder(dir, 'npm start');
    expect(JSON.parse(readFileSync(lockFileFor(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it.each([
    ['db:seed', 'scripts/db-seed.ts', ['--scans', '1']],
    ['db:reset', 'scripts/db-reset.ts', []],
  ])('npm run %s on a folder in use says so and exits 1 without touching it', async (_name, script, args) => {
    const dir = path.join(root, 'db');
    const release = claimDataFolder(dir, 'npm start');
    try {
      const run = promisify(execFile)('node_modules/.bin/tsx', [script, ...args], {
        env: { ...process.env, LOCAL_DB_DIR: dir, DATABASE_URL: '' },
      });
      const failure = await run.then(
        () => expect.fail('the script should have refused the folder'),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure.code).toBe(1);
      expect(failure.stderr).toContain(
        `The database folder ${dir} is in use by process ${process.pid} (npm start`,
      );
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      release();
    }
  });
});
