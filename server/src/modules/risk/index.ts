import { defineModule } from "../module";
import { type RiskRulesCache, riskRulesCache } from "./active-rules";

declare module "../../app-deps" {
  interface AppDeps {
    /** Which risk rules are on, as this process last read them (active-rules.ts). */
    riskRules: RiskRulesCache;
  }
}

export default defineModule({
  name: "risk",
  deps: ({ db, caches }) => {
    const riskRules = riskRulesCache(db);
    caches.invalidation.on("risk", () => riskRules.forget());
    return { riskRules };
  },
});
