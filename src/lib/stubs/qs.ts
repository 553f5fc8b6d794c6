/**
 * Refine's `import qs from "qs"` (see vite.config.ts), answered by qs-esm: qs's own parse and stringify as ES
 * modules, without qs's side-channel dependencies (object-inspect, get-intrinsic and five more: 11 KB gzip on every
 * signed-in page for a WeakMap polyfill no browser here needs).
 */
import { parse, stringify } from "qs-esm";

export default { parse, stringify };
export { parse, stringify };
