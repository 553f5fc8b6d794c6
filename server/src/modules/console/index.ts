import { defineModule } from "../module";
import { staffCommands } from "./staff.commands";
import { staffRoutes } from "./staff.routes";

/** The reseller's console (issue 15): its staff realm, accounts, sessions and roles as data. */
export default defineModule({ name: "console", console: staffRoutes, commands: staffCommands });
