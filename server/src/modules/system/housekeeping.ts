import { and, lt, ne, or } from "drizzle-orm";
import { ExportStatus, TIMESTAMP_WINDOW_MS } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { apiNonces, exportTasks, loginAttempts, sessions } from "../../db/schema";
import { THROTTLE } from "../auth/login-throttle";
import { notifications } from "../notification/notification.schema";

/**
 * Drops what no rule reads any more: sign-in attempts past the known-address window, ended sessions, Open API
 * nonces older than the timestamp window (a request that old is refused by its timestamp anyway), expired exports
 * and notifications older than 90 days.
 */
export async function housekeeping(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  await deps.db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now - (THROTTLE.knownAddressDays + 1) * 86_400_000)));
  const idleCutoff = new Date(now - deps.config.SESSION_IDLE_MINUTES * 60_000 - 86_400_000);
  await deps.db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now - 86_400_000)),
        lt(sessions.lastSeenAt, idleCutoff),
        lt(sessions.revokedAt, new Date(now - 86_400_000)),
      ),
    );
  await deps.db.delete(apiNonces).where(lt(apiNonces.createdAt, new Date(now - 2 * TIMESTAMP_WINDOW_MS)));
  await expireExports(deps, now);
  await deps.db.delete(notifications).where(lt(notifications.createdAt, new Date(now - NOTIFICATION_RETENTION_MS)));
}

/** The bell shows the latest 50; a notification this old has nothing left to say. */
export const NOTIFICATION_RETENTION_MS = 90 * 86_400_000;

/**
 * Export tasks (and their files) older than EXPORT_RETENTION_DAYS. One still being written is left to finish;
 * it goes at the next round. A file is removed after its row, so no task ever names a missing file it claims.
 */
async function expireExports(deps: AppDeps, now: number) {
  const cutoff = new Date(now - deps.config.EXPORT_RETENTION_DAYS * 86_400_000);
  const expired = await deps.db
    .delete(exportTasks)
    .where(and(lt(exportTasks.createdAt, cutoff), ne(exportTasks.status, ExportStatus.processing)))
    .returning({ fileKey: exportTasks.fileKey });
  for (const { fileKey } of expired) if (fileKey) await deps.storage.delete(fileKey);
}
