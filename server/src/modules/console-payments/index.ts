import { defineModule } from "../module";
import { consolePaymentsRoutes } from "./console-payments.routes";

/** The console's Payments: receiving bank accounts and payment methods. */
export default defineModule({ name: "console-payments", console: consolePaymentsRoutes });
