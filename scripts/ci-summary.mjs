// Adds up the JSON reports of every suite CI ran (vitest and Playwright) and prints the total
// as the last line, "N passed, N failed". A step that failed without a report counts as a failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir = 'ci-reports', failedStepCount = '0', ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright: flaky tests passed on retry.
    const suitePassed = report.stats.expected + report.stats.flaky;
    const suiteFailed = report.stats.unexpected;
    console.log(`${file}: ${suitePassed} passed, ${suiteFailed} failed, ${report.stats.skipped} skipped`);
    passed += suitePassed;
    failed += suiteFailed;
  } else if ('numPassedTests' in report) {
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
}
const steps = Number(failedStepCount);
if (steps > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
// A failed step with no failing test in a report (typecheck, lint, build) still fails the run.
if (steps > 0 && failed === 0) failed = steps;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || steps > 0 ? 1 : 0);
