import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

type Span = { start: number; end: number; files: number; fileSeconds: number };

/**
 * Ends a run with each project's wall time (first file started to last file ended) and one plain
 * line, "tests: N passed, N failed, N skipped", that any CI can read whatever the runner. A file
 * that failed outside its tests (at import or in a hook) and an error no test caught each count
 * as one failure, so the line never reads green on a red run. With TEST_TIMINGS=path it also
 * writes every file's duration there as JSON, to see where a run's time goes.
 */
export default class SummaryReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, Span>();
  private readonly timings: { project: string; file: string; seconds: number }[] = [];

  onTestModuleStart(module: TestModule) {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now();
    const start = this.started.get(module.id) ?? end;
    const project = module.project.name || 'default';
    const span = this.spans.get(project) ?? { start, end, files: 0, fileSeconds: 0 };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.files += 1;
    span.fileSeconds += (end - start) / 1000;
    this.spans.set(project, span);
    this.timings.push({ project, file: module.relativeModuleId, seconds: (end - start) / 1000 });
  }

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
    const lines = [...this.spans].map(
      ([project, span]) =>
        `${project.padEnd(8)} ${String(span.files).padStart(4)} files  wall ${seconds(span.end - span.start)}  summed ${Math.round(span.fileSeconds)} s`,
    );
    if (process.env.TEST_TIMINGS) writeFileSync(process.env.TEST_TIMINGS, JSON.stringify(this.timings));
    process.stdout.write(
      `\n${lines.join('\n')}\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`.padStart(6);
