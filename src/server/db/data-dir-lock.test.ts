import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../../test/support/test-db.ts';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** Another process that takes the directory's lock and holds it until it is stopped. */
async function holder(dir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(resolve('src/server/db/data-dir-lock.ts'))};
    await lockDataDir(${JSON.stringify(dir)}); console.log('held');
    process.on('SIGTERM', () => setTimeout(() => process.exit(0), 400)); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && ready());
    child.once('exit', (code) => failed(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r));

// The embedded database's own lock: the same whichever backend the other server tests run on, so once.
describe.skipIf(isPostgres)('one process at a time on an embedded database directory', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const c of children.splice(0)) {
      c.kill('SIGKILL');
      await exited(c);
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('a second opener waits while the first still closes, then opens', async () => {
    const dir = newDir();
    const first = await holder(dir);
    children.push(first);
    let waited = 0;
    const second = lockDataDir(dir, { waitMs: 10_000, onWait: () => waited++ });
    // The first is told to stop and takes a while to close, as a server closing its database does.
    await new Promise((r) => setTimeout(r, 200));
    const stoppedAt = Date.now();
    first.kill('SIGTERM');
    const unlock = await second;
    // Not before the first had closed (it takes 400 ms after its SIGTERM), and it ended cleanly.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(350);
    await exited(first);
    expect(first.exitCode).toBe(0);
    expect(waited).toBe(1);
    await unlock();
  }, 30_000);

  it('refuses with a clear error while the other process keeps it open', async () => {
    const dir = newDir();
    children.push(await holder(dir));
    await expect(lockDataDir(dir, { waitMs: 300 })).rejects.toThrow(
      /open in another server process: stop that one first/,
    );
  }, 30_000);

  it('a process that crashed leaves no lock behind', async () => {
    const dir = newDir();
    const crashed = await holder(dir);
    crashed.kill('SIGKILL');
    await exited(crashed);
    const began = Date.now();
    const unlock = await lockDataDir(dir, { waitMs: 0 });
    expect(Date.now() - began).toBeLessThan(1_000);
    await unlock();
  }, 30_000);

  it('a second open in the same process is refused at once, and free again after the unlock', async () => {
    const dir = newDir();
    const unlock = await lockDataDir(dir);
    const began = Date.now();
    await expect(lockDataDir(dir, { waitMs: 10_000 })).rejects.toThrow(/already open in this process/);
    expect(Date.now() - began).toBeLessThan(1_000);
    await unlock();
    await (await lockDataDir(dir, { waitMs: 0 }))();
  });

  it('two paths to one directory are one lock', async () => {
    const dir = newDir();
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    dirs.push(link);
    const unlock = await lockDataDir(dir);
    await expect(lockDataDir(link, { waitMs: 0 })).rejects.toThrow(/already open in this process/);
    await unlock();
  });

  it('the embedded database holds its directory from open to close', async () => {
    const dir = newDir();
    const database = await openDatabase({ dataDir: dir });
    await expect(lockDataDir(dir, { waitMs: 200 })).rejects.toThrow(/already open in this process/);
    await database.close();
    await (await lockDataDir(dir, { waitMs: 0 }))();
  }, 60_000);
});
