import { consoleCalls, consoleResourceCall, type StaffInfo } from "#contracts";
import { antdLoggedOutPrompt } from "../components/logged-out-prompt";
import { askStepUp } from "../components/mfa/step-up-store";
import { leavePage, startSigningOut } from "../lib/leave-page";
import { consoleLoginPath, type LoginNotice } from "../lib/login-link";
import type { FileSource } from "../pages/deposit/proof-blob";
import { callsThrough } from "../providers/api-call";
import { createHttpClient } from "../providers/create-http-client";
import { createDataProvider } from "../providers/data-provider";
import { clientWording } from "../providers/http-client";
import { consoleTokens } from "../providers/token-storage";

/**
 * The console's session: its own token (a staff realm, issue 15), its own HTTP client over the same envelope,
 * toasts, step-up dialog and logged-out prompt as the merchant portal's, and the signed-in staff member.
 */

/** `me`, read once and shared by identity, permissions and access control; forgotten on sign-out and MFA binding. */
let staffInfo: Promise<StaffInfo> | null = null;

/**
 * Signs out in this browser (no server call), to the console's sign-in page, which brings the user back (`back`)
 * or says why (`notice`).
 */
export function leaveConsole(options: { back?: boolean; notice?: LoginNotice } = {}): void {
  consoleTokens.clear();
  staffInfo = null;
  const { pathname, search, hash } = window.location;
  leavePage(consoleLoginPath(options.back ? `${pathname}${search}${hash}` : undefined, options.notice));
}

export const consoleHttp = createHttpClient({
  ...clientWording,
  getToken: consoleTokens.get,
  onSessionExpired: antdLoggedOutPrompt(() => leaveConsole({ back: true })),
  askStepUp,
});

/** Sends a declared console call: envelope unwrapped, failures shown. */
export const consoleCall = callsThrough(consoleHttp.request);

/** Refine's data calls for the console's resources. */
export const consoleDataProvider = createDataProvider(consoleHttp.request, consoleResourceCall);

/** Proofs of payment and other files, fetched with the staff member's token. */
export const consoleFiles: FileSource = { fetchFile: consoleHttp.fetchFile };

export function loadStaffInfo(options: { fresh?: boolean } = {}): Promise<StaffInfo> {
  if (!staffInfo || options.fresh) {
    const current = consoleCall(consoleCalls.me);
    staffInfo = current;
    // A failure is not cached: the next caller tries again.
    current.catch(() => {
      if (staffInfo === current) staffInfo = null;
    });
  }
  return staffInfo;
}

/** Revokes the session on the server (the local sign-out happens even if that call fails). */
export async function signOutOfConsole(): Promise<void> {
  startSigningOut();
  await consoleCall(consoleCalls.logout).catch(() => undefined);
  leaveConsole();
}
