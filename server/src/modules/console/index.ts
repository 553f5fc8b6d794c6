import { defineModule } from "../module";
import { consoleRoutes } from "./console.routes";
import { staffCommands } from "./staff.commands";

/**
 * The reseller's console (issue 15): its staff realm, accounts, sessions and roles as data. Its areas are modules
 * of their own (modules/console-<area>/), as their calls' resources name them.
 */
export default defineModule({ name: "console", console: consoleRoutes, commands: staffCommands });
