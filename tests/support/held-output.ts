import { Writable } from "node:stream";

/**
 * An output that holds every write until `release()`, as a stuck disk or network would, then hands each chunk to
 * `pass`. `onWait` goes to the writer under test (it calls it when it waits); `waited` settles the first time it
 * waits while this output's buffer is full: a wait that can only end once the output moves again, the moment to
 * look, with no timer to guess it by.
 */
export function heldOutput(
  pass: (chunk: Buffer, done: (error?: Error | null) => void) => void,
  { highWaterMark, final }: { highWaterMark?: number; final?: (done: (error?: Error | null) => void) => void } = {},
) {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const output = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      void opened.then(() => pass(chunk, done));
    },
    final,
  });
  let stalled = () => {};
  const waited = new Promise<void>((resolve) => {
    stalled = resolve;
  });
  return { output, release, waited, onWait: () => output.writableNeedDrain && stalled() };
}

/** Adds rows `row(1)`..`row(total)` one after another in the background; `progress` says how far it got. */
export function producing(writer: { addRow(row: never): Promise<void> }, total: number, row: (n: number) => unknown) {
  const progress = { rows: 0, settled: false };
  const done = (async () => {
    while (progress.rows < total) {
      progress.rows++;
      await writer.addRow(row(progress.rows) as never);
    }
    progress.settled = true;
  })();
  return { progress, done };
}
