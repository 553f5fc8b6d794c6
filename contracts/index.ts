// Written by scripts/contracts-index.mjs from the files in this folder: do not edit.

/** Contracts shared by the server and the browser: no Node, no database imports here. */
export * from "./api-settings";
export * from "./audit";
export * from "./auth";
export * from "./calls";
export * from "./console";
export * from "./console-adjustments";
export * from "./console-audit";
export * from "./console-data";
export * from "./console-deposits";
export * from "./console-merchants";
export * from "./console-orders";
export * from "./console-payments";
export * from "./console-statistics";
export * from "./dates";
export * from "./deposit";
export * from "./envelope";
export * from "./export-task";
export * from "./failures";
export * from "./formats";
export * from "./language";
export * from "./ledger";
export * from "./login-limits";
export * from "./member";
export * from "./merchant-info";
export * from "./notification";
export * from "./order";
export * from "./overview";
export * from "./permissions";
export * from "./product";
export * from "./public-config";
export * from "./resource";
export * from "./resources";
export * from "./risk";
export * from "./roles";
export * from "./supplier";
