import { defineModule } from "../module";
import { exportTaskRoutes } from "./export-task.routes";
import { startExportWorker } from "./export-task.worker";

export default defineModule({ name: "export-task", portal: exportTaskRoutes, workers: { export: startExportWorker } });
