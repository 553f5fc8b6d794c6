import { defineModule } from "../module";
import { bankAccountCommands } from "./bank-account.commands";
import { depositCommands } from "./deposit.commands";
import { depositRoutes } from "./deposit.routes";

export default defineModule({
  name: "deposit",
  portal: depositRoutes,
  commands: { ...depositCommands, ...bankAccountCommands },
});
