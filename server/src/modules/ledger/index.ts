import { defineModule } from "../module";
import { ledgerRoutes } from "./ledger.routes";

export default defineModule({ name: "ledger", portal: ledgerRoutes });
