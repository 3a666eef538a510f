/**
 * The viewer and runs it cannot read: a `run.sqlite` that is garbage bytes, or a folder where the file should be,
 * must not take the other runs down with it — the page and every export answer with the runs that read, and the
 * damaged ones are named with a short reason. A `run.sqlite` that is a symbolic link is not a run of the folder
 * (as a symlinked run directory is not): it is neither listed nor served.
 */
import { request } from 'node:http';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES } from '../../src/report/export.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { runDirsUnder, startViewer, type Viewer } from '../../src/report/viewer.js';
import { tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun } from './fixture.js';

let root: string;
let viewer: Viewer;
const warnings: string[] = [];

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: viewer.port, path, headers: { host: `127.0.0.1:${viewer.port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = tempDir();
  const good = join(root, '20260101-000000-good');
  await makeRun(good, ['urology'], { models: ['baseline'] });
  mkdirSync(join(root, '20260102-000000-garbage'));
  writeFileSync(join(root, '20260102-000000-garbage', 'run.sqlite'), Buffer.from('this is not an SQLite database, only bytes\n'.repeat(50)));
  mkdirSync(join(root, '20260103-000000-folder', 'run.sqlite'), { recursive: true });
  // a run folder whose store is a link to a store elsewhere (here a copy of the good one, outside the folder)
  const elsewhere = join(tempDir(), 'run.sqlite');
  copyFileSync(join(good, 'run.sqlite'), elsewhere);
  mkdirSync(join(root, '20260104-000000-linked'));
  symlinkSync(elsewhere, join(root, '20260104-000000-linked', 'run.sqlite'));
  viewer = await startViewer({ root, port: 0, context: emptyLexiconContext(), ci: false, onUnreadable: (run, reason) => warnings.push(`${run}: ${reason}`) });
}, 60_000);
afterAll(async () => viewer.close());

describe('clinicallab view with damaged runs', () => {
  it('serves the main page with the runs that read, and names the damaged ones', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    const data = JSON.parse((await get('/report.json')).body) as ReportViewModel;
    expect(data.runs.map((r) => r.name)).toEqual(['20260101-000000-good']);
    expect(data.models.map((m) => m.label)).toEqual(['baseline']);
    expect(data.unreadable?.map((u) => u.name)).toEqual(['20260102-000000-garbage', '20260103-000000-folder']);
    expect(data.unreadable?.[0]?.reason).toMatch(/not a clinicallab run store \(not an SQLite database\)/);
    expect(data.warnings.some((w) => w.startsWith('run 20260102-000000-garbage could not be read and is left out:'))).toBe(true);
    expect(data.warnings.some((w) => w.startsWith('run 20260103-000000-folder could not be read and is left out:'))).toBe(true);
    expect(warnings.map((w) => w.split(':')[0])).toEqual(['20260102-000000-garbage', '20260103-000000-folder']);
  });

  it('answers every export with the runs that read', async () => {
    for (const table of EXPORT_TABLES) {
      for (const format of ['csv', 'json']) {
        const r = await get(`/${table}.${format}`);
        expect(r.status, `${table}.${format}`).toBe(200);
      }
    }
    expect((await get('/leaderboard.csv')).body.split('\r\n')[1]).toMatch(/^baseline,run,/);
  });

  it('serves a damaged run alone as a page that says why, not an error', async () => {
    const r = await get('/runs/20260102-000000-garbage/report.json');
    expect(r.status).toBe(200);
    const data = JSON.parse(r.body) as ReportViewModel;
    expect(data.runs).toEqual([]);
    expect(data.unreadable?.map((u) => u.name)).toEqual(['20260102-000000-garbage']);
  });

  it('neither lists nor serves a run whose run.sqlite is a symbolic link', async () => {
    expect(runDirsUnder(root).map((d) => d.split('/').pop())).not.toContain('20260104-000000-linked');
    expect((await get('/runs/20260104-000000-linked/')).status).toBe(404);
    const data = JSON.parse((await get('/report.json')).body) as ReportViewModel;
    expect(JSON.stringify(data)).not.toContain('20260104-000000-linked');
  });
});
