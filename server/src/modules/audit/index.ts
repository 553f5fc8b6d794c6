import { defineModule } from "../module";
import { auditCommands } from "./audit.commands";
import { auditConsoleRoutes } from "./audit-console.routes";

export default defineModule({ name: "audit", console: auditConsoleRoutes, commands: auditCommands });
