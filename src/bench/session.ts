/**
 * The cases of one command, read once: every stage that needs a run's case files (planning, scoring, the report)
 * asks the session, which parses a set of files the first time and hands the same result on after. A command
 * makes one session and passes it down; a library caller may do the same or leave it out (each stage then reads
 * the files itself).
 */
import type { DepartmentTaxonomy } from './departments.js';
import { expandCasePaths, loadCases, type LoadOptions, type LoadResult } from './loader.js';

const taxonomyKeys = new WeakMap<DepartmentTaxonomy, string>();
function taxonomyKey(t: DepartmentTaxonomy | undefined): string {
  if (!t) return '';
  let k = taxonomyKeys.get(t);
  if (k === undefined) taxonomyKeys.set(t, (k = JSON.stringify(t.departments)));
  return k;
}

export class CaseSession {
  private readonly loads = new Map<string, Promise<LoadResult>>();

  /** The cases of these files (and folders) read with these options: parsed on the first call only. */
  async load(paths: readonly string[], options: LoadOptions = {}): Promise<LoadResult> {
    const files = await expandCasePaths([...paths]);
    const key = JSON.stringify([files, options.strict ?? false, taxonomyKey(options.taxonomy)]);
    let loading = this.loads.get(key);
    if (!loading) {
      loading = loadCases(files, options);
      this.loads.set(key, loading);
      // a load that failed (strict mode) is not remembered: the next caller gets its own error
      loading.catch(() => this.loads.delete(key));
    }
    return loading;
  }
}

/** Load through a session when there is one. */
export function loadThrough(session: CaseSession | undefined, paths: readonly string[], options: LoadOptions = {}): Promise<LoadResult> {
  return session ? session.load(paths, options) : loadCases([...paths], options);
}
