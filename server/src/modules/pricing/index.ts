import { defineModule } from "../module";
import { pricingCommands } from "./pricing.commands";

export default defineModule({ name: "pricing", commands: pricingCommands });
