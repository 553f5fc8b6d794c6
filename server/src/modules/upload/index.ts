import { defineModule } from "../module";
import { uploadRoutes } from "./upload.routes";

export default defineModule({ name: "upload", portal: uploadRoutes });
