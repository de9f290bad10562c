import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Prints one closing line, 'N passed, N failed' (', N skipped'), that CI reads. */
export default class SummaryReporter implements Reporter {
  private outcomes = new Map<string, TestResult["status"]>();

  onTestEnd(test: TestCase, result: TestResult) {
    // the last attempt of a retried test decides
    this.outcomes.set(test.id, result.status);
  }

  onEnd(_result: FullResult) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const status of this.outcomes.values()) {
      if (status === "passed") counts.passed += 1;
      else if (status === "skipped") counts.skipped += 1;
      else counts.failed += 1;
    }
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }

  printsToStdio() {
    return true;
  }
}
