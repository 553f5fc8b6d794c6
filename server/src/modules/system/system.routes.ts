import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type Health, PRODUCT_NAME, type StorageFolderRole, systemCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { pingDatabase } from "../../db/connection";
import { serve } from "../../plugins/serve";
import { databaseInDataDir, freeBytes, STORAGE_RESERVE_BYTES } from "../../plugins/storage-guard";
import { openApiReferencePage } from "./open-api-reference";

/** A probe's answer is reused this long, so a monitor hammering health does not hammer the disk. */
const STORAGE_PROBE_MS = 5000;

type Folder = Health["storage"]["folders"][number];

/** What health says when a folder is the first one that cannot be written, by its role. */
const unwritableMessage: Record<StorageFolderRole, string> = {
  data: "errors.storageUnwritable",
  files: "errors.filesFolderUnwritable",
  exports: "errors.exportsFolderUnwritable",
};

/**
 * The folders the server writes: the data folder where the embedded database lives in it, uploaded files where
 * app-deps.ts puts the file storage (DATA_DIR/files), export files where the export worker names them (exports/).
 */
function foldersOf(deps: AppDeps): { role: StorageFolderRole; dir: string }[] {
  const files = path.join(deps.config.dataDir, "files");
  return [
    ...(deps.engine === "pglite" ? [{ role: "data" as const, dir: deps.config.dataDir }] : []),
    { role: "files", dir: files },
    { role: "exports", dir: path.join(files, "exports") },
  ];
}

/** Whether a file can be written (and removed) in a folder: null if so, else why not (ENOSPC, EROFS…). */
async function unwritable(dir: string): Promise<string | null> {
  const probe = path.join(dir, `.health-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, "ok");
    await rm(probe, { force: true });
    return null;
  } catch (error) {
    await rm(probe, { force: true }).catch(() => {});
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

export function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  const folders = foldersOf(deps);
  const reserveApplies = databaseInDataDir(deps);
  const known = new Map<StorageFolderRole, Folder["status"]>();
  /** A folder's state, logged when it changes: a warning (health's 503 says the rest), never an error. */
  const check = async ({ role, dir }: { role: StorageFolderRole; dir: string }): Promise<Folder> => {
    const reason = await unwritable(dir);
    const free = reason === null && role === "data" && reserveApplies ? await freeBytes(dir) : null;
    const status = reason !== null ? "unwritable" : free !== null && free < STORAGE_RESERVE_BYTES ? "full" : "writable";
    const before = known.get(role);
    known.set(role, status);
    if (status !== "writable" && status !== before)
      app.log.warn(
        { folder: role, path: dir, reason: reason ?? `${free} bytes free` },
        `storage: the ${role} folder is ${status}`,
      );
    else if (status === "writable" && before !== undefined && before !== "writable")
      app.log.info({ folder: role, path: dir }, `storage: the ${role} folder is writable again`);
    return { role, status };
  };
  let lastProbe: { at: number; folders: Promise<Folder[]> } | null = null;
  const storage = () => {
    const now = Date.now();
    if (!lastProbe || now - lastProbe.at >= STORAGE_PROBE_MS)
      lastProbe = { at: now, folders: Promise.all(folders.map(check)) };
    return lastProbe.folders;
  };

  serve(app, systemCalls.health, async ({ request, reply }) => {
    const [latencyMs, checked] = await Promise.all([
      pingDatabase(deps.db).catch((error: unknown) => {
        request.log.warn({ err: error }, "database ping failed");
        return null;
      }),
      storage(),
    ]);
    const overloaded = app.isUnderPressure();
    const blocked = checked.find((folder) => folder.status !== "writable");
    // The first problem names the answer; any problem makes it a 503, so monitors and balancers act on it.
    const problem =
      latencyMs === null
        ? "errors.databaseUnavailable"
        : blocked
          ? blocked.status === "full"
            ? "errors.dataFolderFull"
            : unwritableMessage[blocked.role]
          : overloaded
            ? "errors.overloaded"
            : null;
    const data: Health = {
      status: problem ? "degraded" : "ok",
      database: { engine: deps.engine, status: latencyMs === null ? "down" : "up", latencyMs },
      storage: { status: blocked ? "unwritable" : "writable", folders: checked },
      load: { status: overloaded ? "overloaded" : "ok" },
    };
    if (problem) return reply.code(503).send({ code: 503, message: request.t(problem), data });
    return data;
  });

  serve(app, systemCalls.openApiReference, async ({ reply }) =>
    reply.type("text/html; charset=utf-8").send(await openApiReferencePage()),
  );

  serve(app, systemCalls.publicConfig, async () => {
    const { CHAT_WIDGET_SCRIPT_URL: scriptUrl, CHAT_WIDGET_SETTINGS: settings } = deps.config;
    return { productName: PRODUCT_NAME, chatWidget: scriptUrl ? { scriptUrl, settings } : null };
  });
}
