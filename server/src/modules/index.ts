import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";
import { apiAppRoutes } from "./api-app/api-app.routes";
import { authRoutes } from "./auth/auth.routes";
import { catalogRoutes } from "./catalog/catalog.routes";
import { deliveryRoutes } from "./deliveries/delivery.routes";
import { exportTaskRoutes } from "./export-tasks/export-task.routes";
import { fundsRoutes } from "./funds/funds.routes";
import { memberRoutes } from "./members/member.routes";
import { merchantRoutes } from "./merchants/merchant.routes";
import { openApiRoutes } from "./openapi/openapi.routes";
import { orderRoutes } from "./orders/order.routes";
import { systemRoutes } from "./system/system.routes";
import { uploadRoutes } from "./uploads/upload.routes";

type Routes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** What a module adds to the server; app.ts registers every module's parts, each in a scope of its own. */
export interface ServerModule {
  name: string;
  /** Routes of the browser's API, under `/portal`. */
  portal?: Routes;
  /** Routes of merchants' servers, under `/openapi/v1` (signed). */
  openApi?: Routes;
}

/** The one list of the server's modules. */
export const serverModules: readonly ServerModule[] = [
  { name: "system", portal: systemRoutes },
  { name: "auth", portal: authRoutes },
  { name: "merchants", portal: merchantRoutes },
  { name: "members", portal: memberRoutes },
  { name: "export-tasks", portal: exportTaskRoutes },
  { name: "catalog", portal: catalogRoutes },
  { name: "orders", portal: orderRoutes },
  { name: "funds", portal: fundsRoutes },
  { name: "uploads", portal: uploadRoutes },
  { name: "api-app", portal: apiAppRoutes },
  { name: "deliveries", portal: deliveryRoutes },
  { name: "openapi", openApi: openApiRoutes },
];
