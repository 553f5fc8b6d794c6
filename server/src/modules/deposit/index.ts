import { defineModule } from "../module";
import { bankAccountCommands } from "./bank-account.commands";
import { depositCommands } from "./deposit.commands";
import { depositRoutes } from "./deposit.routes";
import { depositConsoleRoutes } from "./deposit-console.routes";

export default defineModule({
  name: "deposit",
  portal: depositRoutes,
  console: depositConsoleRoutes,
  commands: { ...depositCommands, ...bankAccountCommands },
});
