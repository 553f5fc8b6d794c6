import { defineModule } from "../module";
import { ledgerCommands } from "./ledger.commands";
import { ledgerRoutes } from "./ledger.routes";

export default defineModule({ name: "ledger", portal: ledgerRoutes, commands: ledgerCommands });
