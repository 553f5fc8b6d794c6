import { defineModule } from "../module";
import { exportTaskRoutes } from "./export-task.routes";

export default defineModule({ name: "export-task", portal: exportTaskRoutes });
