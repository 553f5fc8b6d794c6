import { defineModule } from "../module";
import { catalogConsoleRoutes } from "./catalog-console.routes";
import { productCommands } from "./product.commands";
import { productRoutes } from "./product.routes";

export default defineModule({
  name: "product",
  portal: productRoutes,
  console: catalogConsoleRoutes,
  commands: productCommands,
});
