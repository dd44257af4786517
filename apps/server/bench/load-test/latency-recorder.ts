/** What one kind of request (method and route, e.g. `GET /api/leaderboard/global`) came to. */
export interface RequestKindSummary {
  kind: string;
  count: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** A few distinct error messages, to say what went wrong without repeating it a thousand times. */
  errorSamples: string[];
}

const ERROR_SAMPLES_PER_KIND = 3;

interface KindRecord {
  count: number;
  /** Every answered request's time in ms: percentiles need them all (no histogram buckets). */
  latencies: number[];
  errors: number;
  errorSamples: Set<string>;
}

/**
 * Every request of the run, by kind: its latency when it was answered, and whether it was an
 * error (an unexpected status, a network failure, a timeout or an answer that fails its check).
 */
export class LatencyRecorder {
  private readonly kinds = new Map<string, KindRecord>();
  /** Requests sent a second time: lost on a kept-alive connection the server had just closed. */
  resent = 0;

  /**
   * A request: its latency when it was answered (none after a network failure), and `error`
   * when the answer was not the one its action expects.
   */
  record(kind: string, latencyMs: number | undefined, error?: string): void {
    const record = this.recordOf(kind);
    record.count += 1;
    if (latencyMs !== undefined) record.latencies.push(latencyMs);
    if (error !== undefined) this.addError(kind, error);
  }

  /** An error found after its request was counted: a live stream the server ended early. */
  addError(kind: string, error: string): void {
    const record = this.recordOf(kind);
    record.errors += 1;
    if (record.errorSamples.size < ERROR_SAMPLES_PER_KIND) record.errorSamples.add(error);
  }

  get totalRequests(): number {
    return [...this.kinds.values()].reduce((sum, record) => sum + record.count, 0);
  }

  get totalErrors(): number {
    return [...this.kinds.values()].reduce((sum, record) => sum + record.errors, 0);
  }

  /** One row per kind, most frequent first, over a run of `seconds`. */
  summarise(seconds: number): RequestKindSummary[] {
    return [...this.kinds.entries()]
      .map(([kind, record]) => {
        const sorted = Float64Array.from(record.latencies).sort();
        return {
          kind,
          count: record.count,
          perSecond: record.count / seconds,
          medianMs: percentile(sorted, 0.5),
          p95Ms: percentile(sorted, 0.95),
          p99Ms: percentile(sorted, 0.99),
          errors: record.errors,
          errorSamples: [...record.errorSamples],
        };
      })
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  }

  private recordOf(kind: string): KindRecord {
    let record = this.kinds.get(kind);
    if (!record) {
      record = { count: 0, latencies: [], errors: 0, errorSamples: new Set() };
      this.kinds.set(kind, record);
    }
    return record;
  }
}

/** The nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(sorted: ArrayLike<number>, share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** The summary as a Markdown table, the way the README records benchmark figures. */
export function formatSummaryTable(rows: RequestKindSummary[], seconds: number): string {
  const milliseconds = (value: number) => value.toFixed(1);
  const lines = [
    '| request | count | requests/s | median ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.kind} | ${row.count.toLocaleString('en-GB')} | ${row.perSecond.toFixed(1)} | ` +
        `${milliseconds(row.medianMs)} | ${milliseconds(row.p95Ms)} | ${milliseconds(row.p99Ms)} | ${row.errors} |`,
    ),
  ];
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  lines.push(
    `| **all requests** | ${count.toLocaleString('en-GB')} | ${(count / seconds).toFixed(1)} | | | | ${errors} |`,
  );
  return lines.join('\n');
}
