/** Files written through a temporary: nothing is left behind on failure or after a killed write. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/report/index.js';
import { runCli, tempDir } from '../helpers.js';

/** The id of a process that has exited (a child that ran and ended). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

/** A disk that fills up after `room` bytes: part of the file is written, then the write fails as ENOSPC does. */
const fullAfter = (room: number) => (file: string, text: string): void => {
  writeFileSync(file, text.slice(0, room));
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
};

describe('writeFileAtomic', () => {
  it('on a full disk: names the file and what to do, removes its temporary, and keeps the file as it was', () => {
    const dir = tempDir();
    const file = join(dir, 'report.html');
    writeFileSync(file, 'the earlier report');
    expect(() => writeFileAtomic(file, 'x'.repeat(100_000), { write: fullAfter(50_000) })).toThrow(
      `cannot write ${file}: the disk is full — free space and run the command again (ENOSPC); nothing was written there`,
    );
    expect(readdirSync(dir)).toEqual(['report.html']);
    expect(readFileSync(file, 'utf8')).toBe('the earlier report');
  });

  it('on a read-only file system: names the file, leaves no temporary', () => {
    const dir = tempDir();
    const file = join(dir, 'out.jsonl');
    const readOnly = (): void => {
      throw Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' });
    };
    expect(() => writeFileAtomic(file, '{}\n', { write: readOnly })).toThrow(`cannot write ${file}: the file system is read-only`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes the temporaries of earlier writes killed mid-way, but not those of a process still writing", () => {
    const dir = tempDir();
    const file = join(dir, 'report.html');
    const stale = join(dir, `report.html.${deadPid()}.tmp`);
    const live = join(dir, `report.html.${process.ppid}.tmp`);
    const other = join(dir, `other.html.${deadPid()}.tmp`);
    for (const f of [stale, live, other]) writeFileSync(f, 'half a file');
    writeFileAtomic(file, 'the report');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true); // another file's temporaries are its own write's business
    expect(readFileSync(file, 'utf8')).toBe('the report');
  });

  it('clinicallab report cleans what a killed report left beside its output', async () => {
    const root = tempDir();
    const run = join(root, 'run');
    expect((await runCli('run', '--limit', '1', '--tasks', 'department', '--no-cache', '--out', run)).code).toBe(0);
    const output = join(root, 'report.html');
    const stale = `${output}.${deadPid()}.tmp`;
    writeFileSync(stale, 'x'.repeat(2_000_000));
    expect((await runCli('report', run, '--output', output)).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(root).sort()).toEqual(['report.html', 'run']);
  });
});
