import { defineModule } from "../module";
import { consoleRolesRoutes } from "./console-roles.routes";

/** The console's staff roles (permissions as data), managed by a super administrator. */
export default defineModule({ name: "console-roles", console: consoleRolesRoutes });
