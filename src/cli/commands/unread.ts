/**
 * Printing what the reader did not read whole: the counts per model and task (`show`, the run summary), the
 * `--max-tokens` hint when many answers were cut off, and the audit listing of `show <run> --unread`.
 */
import { shortUid, uidDisplayLength } from '../../bench/uids.js';
import type { ReadingCount, RunInfo } from '../../run/inspect.js';
import type { UnreadAnswer } from '../../run/unread.js';
import { paint, table, type Io } from '../io.js';

const COLUMNS = ['truncated', 'refusal', 'unread', 'ambiguous', 'partial'] as const;

/** The table of answers not read whole, per model and task; '' when every answer was. */
export function readingTable(readings: readonly ReadingCount[]): string {
  if (readings.length === 0) return '';
  return table(
    ['model', 'task', 'answered', 'cut off', 'refusals', 'unread', 'ambiguous', 'partial'],
    readings.map((r) => [r.model, r.kind, String(r.done), ...COLUMNS.map((c) => String(r[c]))]),
    [2, 3, 4, 5, 6, 7],
  );
}

/** Share of a model's answers the token limit may cut off before the run summary suggests raising it. */
export const CUT_SHARE = 0.05;

/**
 * One line per model whose answers were cut off by the token limit, suggesting a higher `--max-tokens` when
 * many were (at least 5% of its answers); the listing of `show --unread` names them.
 */
export function truncationNotes(info: RunInfo): string[] {
  const models = [...new Set(info.readings.map((r) => r.model))];
  const out: string[] = [];
  for (const model of models) {
    const rows = info.readings.filter((r) => r.model === model);
    const cut = rows.reduce((n, r) => n + r.truncated, 0);
    if (cut === 0) continue;
    const done = info.counts.filter((c) => c.model === model && c.status === 'done').reduce((n, c) => n + c.n, 0);
    const limit = info.manifest?.models.find((m) => m.id === model)?.params.maxTokens;
    const many = done > 0 && cut / done >= CUT_SHARE;
    const where = rows.filter((r) => r.truncated > 0).map((r) => `${r.kind} ${r.truncated}`).join(', ');
    out.push(
      `${cut} answer${cut === 1 ? '' : 's'} of ${model} ${cut === 1 ? 'was' : 'were'} cut off by the token limit (${where})` +
        (many ? `: raise --max-tokens${limit !== undefined ? ` (now ${limit})` : ''} for the next run; cut answers are scored as far as they got.` : '.'),
    );
  }
  return out;
}

/** The audit listing: per model and task, each answer not read whole with its reason and an excerpt. */
export function printUnread(io: Io, dir: string, answers: readonly UnreadAnswer[], all: boolean, perGroup = 20): void {
  if (answers.length === 0) {
    io.out(`Every answer of ${dir} was read whole: no answer without a department or a section, no ambiguous or partial reading, no refusal, none cut off.`);
    return;
  }
  io.out(paint(io, 'bold', `Answers of ${dir} not read whole: ${answers.length}`));
  const width = uidDisplayLength(answers.map((a) => a.caseUid));
  const groups = new Map<string, UnreadAnswer[]>();
  for (const a of answers) {
    const k = `${a.model}\u0000${a.kind}`;
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  for (const list of groups.values()) {
    const first = list[0]!;
    const byReading = new Map<string, number>();
    for (const a of list) byReading.set(a.reading, (byReading.get(a.reading) ?? 0) + 1);
    io.out('');
    io.out(paint(io, 'bold', `${first.model} · ${first.kind}: ${list.length} (${[...byReading].map(([r, n]) => `${n} ${r}`).join(', ')})`));
    const shown = all ? list : list.slice(0, perGroup);
    for (const a of shown) {
      const where = `${shortUid(a.caseUid, width)} ${a.language}${a.exam ? ` ${a.exam}` : ''}`;
      io.out(`  ${where}  ${paint(io, a.reading === 'refusal' || a.reading === 'truncated' ? 'yellow' : 'red', a.reading)}${a.cut && a.reading !== 'truncated' ? ' (cut off)' : ''}: ${a.reason}`);
      io.out(paint(io, 'dim', `      “${a.excerpt}”`));
    }
    if (shown.length < list.length) io.out(paint(io, 'dim', `  … and ${list.length - shown.length} more (--all lists every one)`));
  }
}
