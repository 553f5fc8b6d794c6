import { defineModule } from "../module";
import { productRoutes } from "./product.routes";

export default defineModule({ name: "product", portal: productRoutes });
