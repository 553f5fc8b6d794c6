/**
 * Stands in for papaparse (see vite.config.ts): @refinedev/core imports it for useImport and useExport, which this
 * app never uses (exports are the server's tasks), and the bundler keeps a CommonJS module it cannot see into
 * (7 KB gzip on every signed-in page). Were either hook ever called, it would say so at once.
 */
const unused = (): never => {
  throw new Error("papaparse is not bundled: the app exports through the server's export tasks");
};
export default { parse: unused, unparse: unused };
