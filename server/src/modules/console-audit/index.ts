import { defineModule } from "../module";
import { consoleAuditRoutes } from "./console-audit.routes";

/** The audit log in the console. */
export default defineModule({ name: "console-audit", console: consoleAuditRoutes });
