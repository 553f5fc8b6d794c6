import { merchantInfoResource, resources } from "#contracts";
import { viewsOf } from "./pages";
import { deriveRoutes, refineResources } from "./routes";

/** The app's routes and Refine resources, derived once from the contracts declaration and the page map. */
export const appRoutes = deriveRoutes(resources, viewsOf);
export const appResources = refineResources(resources, viewsOf);

export { SINGLETON_ID } from "../providers/data-provider";
export { resourceIcon } from "./icons";
export { pageOf, preloadPage, useFirstPageHere } from "./pages";
export { breadcrumbTrail, resourceForPath, type View, viewForPath } from "./routes";

/** Spec §2: the empty path opens Merchant Information (the guard then sends finance to its own landing). */
export const HOME_PATH = merchantInfoResource.path;
/** Every unknown path ends here (a public page). */
export const NOT_FOUND_PATH = "/404";
