import type { Outcome } from "../../lib/http-outcome";

/** Repeats the refused call with a code and answers how it went. */
export type SendWithCode = (code: string) => Promise<Outcome>;

export interface StepUpRequest {
  send: SendWithCode;
  /** Closes the dialog; null when the user cancelled. */
  finish: (outcome: Outcome | null) => void;
}

let current: StepUpRequest | null = null;
const listeners = new Set<() => void>();

function publish(next: StepUpRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const stepUpStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => current,
};

/**
 * The http client's `askStepUp`: opens the shell's code dialog (StepUpDialog) and answers once the call went
 * through, failed for another reason, or the user cancelled. One request at a time: a newer one replaces it.
 */
export function askStepUp(send: SendWithCode): Promise<Outcome | null> {
  current?.finish(null);
  return new Promise((resolve) => {
    const request: StepUpRequest = {
      send,
      finish: (outcome) => {
        if (current === request) publish(null);
        resolve(outcome);
      },
    };
    publish(request);
  });
}
