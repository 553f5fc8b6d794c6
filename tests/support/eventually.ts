/**
 * Asks until `check` holds and answers how long that took (ms): for what another connection or process makes
 * true a moment later (a NOTIFY, a worker). Ten seconds means it never will: the test fails saying so.
 */
export async function eventually(check: () => Promise<boolean> | boolean, what = "the change"): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 10_000) throw new Error(`${what} never showed within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}
