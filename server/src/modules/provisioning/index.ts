import { defineModule } from "../module";
import { provisioningCommands } from "./provisioning.commands";

export default defineModule({ name: "provisioning", commands: provisioningCommands });
