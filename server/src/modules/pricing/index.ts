import { defineModule } from "../module";
import { pricingCommands } from "./pricing.commands";
import { pricingConsoleRoutes } from "./pricing.routes";

export default defineModule({ name: "pricing", console: pricingConsoleRoutes, commands: pricingCommands });
