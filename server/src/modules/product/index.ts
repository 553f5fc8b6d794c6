import { defineModule } from "../module";
import { productCommands } from "./product.commands";
import { productRoutes } from "./product.routes";

export default defineModule({
  name: "product",
  portal: productRoutes,
  commands: productCommands,
});
