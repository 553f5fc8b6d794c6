import { defineModule } from "../module";
import { consoleStaffRoutes } from "./console-staff.routes";

/** The console's staff accounts, managed by a super administrator. */
export default defineModule({ name: "console-staff", console: consoleStaffRoutes });
