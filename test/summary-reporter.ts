/**
 * Prints the tests that were skipped, by file and name (a skip must say why, in its name, and be seen), then one
 * plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own summary, so that a CI log can be
 * read by tools that look for that line.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const skippedNames: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else {
          skipped++;
          skippedNames.push(`  ${mod.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`);
        }
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    if (skippedNames.length > 0) process.stdout.write(`\nskipped:\n${skippedNames.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
