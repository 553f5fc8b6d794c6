import { defineModule } from "../module";
import { backupCommands } from "./backup.commands";

/**
 * Backups of the embedded database (PGlite) and uploaded files, and their restore: operator commands only. A
 * module rather than ops/ code so the CLI and the server that holds the database (ops/ops-socket.ts) find the
 * commands as they find every other module's.
 */
export default defineModule({ name: "backup", commands: backupCommands });
