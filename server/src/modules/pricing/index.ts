import { defineModule } from "../module";
import { pricingConsoleRoutes } from "./pricing.routes";

export default defineModule({ name: "pricing", console: pricingConsoleRoutes });
