/**
 * Before a run is resumed, and before any model is asked: is it still the same run? Its case files (by file and
 * by record), its department list and its templates are compared with what it recorded. A changed dataset is
 * refused unless the caller allows it (and then the answers of removed or edited records are set aside as
 * orphaned); a different department list or template is always refused, as its prompts would differ — answers to
 * two versions of a question would be mixed in one run.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { FileReport } from '../bench/loader.js';
import { compareCases, describeFileChanges, recordKey, type CaseChanges, type RecordRef } from './case-check.js';
import type { Manifest } from './evaluate.js';
import { readManifest } from './meta-records.js';
import { readInputs, taxonomyHash, type RecordedInputs } from './recorded.js';
import { isRunDir } from './inspect.js';
import { RunStore, type CaseRecordRow } from './store.js';

/** A resume refused before anything was written or asked; the message says why and what to do. */
export class ResumeRefused extends Error {
  constructor(
    message: string,
    readonly changes: CaseChanges | null = null,
  ) {
    super(message);
    this.name = 'ResumeRefused';
  }
}

/** What a run directory recorded, as a resume needs it. */
export interface ResumeState {
  manifest: Manifest;
  inputs: RecordedInputs | undefined;
  records: CaseRecordRow[];
  /** `recordKey`s of the records the run has jobs for (orphaned answers left out). */
  asked: Set<string>;
}

/** What a run's store recorded for resuming it; `dir` names the run in errors. */
export function resumeState(store: RunStore, dir: string): ResumeState | undefined {
  const manifest = readManifest(store, dir);
  if (!manifest) return undefined;
  return { manifest, inputs: readInputs(store, dir), records: store.ledger.caseRecords(), asked: new Set(store.ledger.jobRecords().map((r) => recordKey(r.uid, r.language))) };
}

/** What a run directory recorded, read without writing anything; undefined when it is not a run (yet). */
export function readResumeState(dir: string): ResumeState | undefined {
  if (!isRunDir(dir)) return undefined;
  const store = RunStore.open(dir, { readonly: true });
  try {
    return resumeState(store, dir);
  } finally {
    store.close();
  }
}

export interface ResumeInput {
  /** The case files and every record they hold, as loaded now. */
  files: readonly FileReport[];
  allCases: readonly ClinicalCase[];
  /** The records this invocation plans (after the language and limit filters). */
  cases: readonly ClinicalCase[];
  /** The templates the plan uses: `lang/name` → hash and source. */
  templates: Record<string, { hash: string; source: string }>;
  taxonomy: DepartmentTaxonomy;
  /** Where the department list came from (a file, or `builtin`). */
  taxonomySource: string;
}

export interface ResumeCheck {
  changes: CaseChanges | null;
  /** A different department list or template: always refused. */
  problems: string[];
}

export function checkResume(state: ResumeState, input: ResumeInput): ResumeCheck {
  const m = state.manifest;
  const problems: string[] = [];
  const ids = input.taxonomy.departments.map((d) => d.id);
  if (m.departmentList) {
    if (m.departmentList.sha256 !== taxonomyHash(input.taxonomy)) {
      problems.push(
        `the department list given (${input.taxonomySource}, ${input.taxonomy.size} departments) is not the one this run was made with (${m.departmentList.source}, ${m.departmentList.count} departments): ` +
          'the Department Guide prompts and the reading of answers would differ. Resume without --departments (the run uses the list it recorded), or start a new run with another --out.',
      );
    }
  } else if (m.departments.length > 0 && m.departments.join(',') !== ids.join(',')) {
    problems.push(
      `this run was made with another department list (${m.departments.length} departments: ${m.departments.slice(0, 4).join(', ')}${m.departments.length > 4 ? ', …' : ''}) than the one given (${input.taxonomySource}, ${ids.length}): ` +
        'give the list it was made with (--departments <file>), or start a new run with another --out.',
    );
  }
  for (const [key, t] of Object.entries(input.templates)) {
    const before = m.templates[key];
    if (!before || before.hash === t.hash) continue;
    const recorded = Boolean(state.inputs?.templates[key]);
    problems.push(
      `template ${key} is not the one this run was made with (hash ${before.hash} from ${before.source}, now ${t.hash} from ${t.source}): its prompts would differ. ` +
        (recorded ? 'Resume without --templates (the run uses the texts it recorded), or start a new run with another --out.' : 'Give the templates it was made with (--templates <dir>), or start a new run with another --out.'),
    );
  }
  const changes = compareCases({
    recordedFiles: m.cases,
    recordedRecords: state.records,
    files: input.files,
    cases: input.allCases,
    asked: state.asked,
    planned: new Set(input.cases.map((c) => recordKey(c.uid, c.language))),
  });
  return { changes, problems };
}

/**
 * Throw ResumeRefused when the run cannot go on as asked: a different department list or template, or a changed
 * dataset that touches the run without `allowChanged`. `again`, when given, is the command to show with the flag.
 */
export function assertResumable(check: ResumeCheck, dir: string, allowChanged: boolean, again?: string): void {
  if (check.problems.length > 0) throw new ResumeRefused(`${dir} cannot be resumed as asked; nothing was asked:\n${check.problems.map((p) => `  ${p}`).join('\n')}`);
  const c = check.changes;
  if (!c || !c.touchesRun || allowChanged) return;
  throw new ResumeRefused(
    [
      `the case files of ${dir} have changed since the run was made; nothing was asked:`,
      ...describeFileChanges(c).map((l) => `  ${l}`),
      `To go on — keeping the answers of unchanged records, asking for added and edited ones, and setting aside as orphaned (counted, never scored) the answers of removed or edited records — run the same command again with --allow-changed-cases${again ? ` (${again} --allow-changed-cases)` : ''}. Or put the original files back.`,
    ].join('\n'),
    c,
  );
}

/**
 * The records whose answers are set aside when a changed dataset is allowed: those removed and those edited — or,
 * for a run without record hashes, every record it asked about in a changed file (an answer the plan asks again
 * word for word is kept all the same).
 */
export function recordsToSetAside(c: CaseChanges, state: ResumeState, allCases: readonly ClinicalCase[]): { refs: RecordRef[]; reason: (r: RecordRef) => string } {
  const removed = new Set(c.removed.map((r) => recordKey(r.uid, r.language)));
  if (c.perRecord) {
    return { refs: [...c.removed, ...c.edited], reason: (r) => (removed.has(recordKey(r.uid, r.language)) ? `record removed from ${r.file}` : `record edited in ${r.file}`) };
  }
  const changed = new Set(c.files.filter((f) => f.state !== 'added').map((f) => f.file));
  const unknown = allCases.filter((x) => changed.has(x.source.file) && state.asked.has(recordKey(x.uid, x.language))).map((x) => ({ uid: x.uid, language: x.language, file: x.source.file }));
  return { refs: [...c.removed, ...unknown], reason: (r) => (removed.has(recordKey(r.uid, r.language)) ? `record removed from ${r.file}` : `record in ${r.file}, which changed (edits not known)`) };
}
