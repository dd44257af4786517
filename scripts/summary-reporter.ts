import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Ends a run with one plain line, "tests: N passed, N failed, N skipped", that any CI can read
 * whatever the runner. A file that failed outside its tests (at import or in a hook) and an
 * error no test caught each count as one failure, so the line never reads green on a red run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedTests += 1;
        else counts.skipped += 1;
      }
      counts.failed += failedTests === 0 && module.state() === 'failed' ? 1 : failedTests;
    }
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
