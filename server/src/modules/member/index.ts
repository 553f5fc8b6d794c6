import { defineModule } from "../module";
import { memberRoutes } from "./member.routes";

export default defineModule({ name: "member", portal: memberRoutes });
