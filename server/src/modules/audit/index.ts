import { defineModule } from "../module";
import { auditCommands } from "./audit.commands";

export default defineModule({ name: "audit", commands: auditCommands });
