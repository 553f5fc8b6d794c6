import { defineModule } from "../module";
import { notificationRoutes } from "./notification.routes";

export default defineModule({ name: "notification", portal: notificationRoutes });
