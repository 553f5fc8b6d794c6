import { defineModule } from "../module";
import { merchantConsoleRoutes } from "./merchant-console.routes";
import { provisioningCommands } from "./provisioning.commands";

export default defineModule({ name: "provisioning", console: merchantConsoleRoutes, commands: provisioningCommands });
