/** Contracts shared by the server and the browser: no Node, no database imports here. */
export * from "./api-app";
export * from "./auth";
export * from "./calls";
export * from "./catalog";
export * from "./dates";
export * from "./envelope";
export * from "./export-tasks";
export * from "./funds";
export * from "./members";
export * from "./merchant";
export * from "./orders";
export * from "./permissions";
export * from "./public-config";
export * from "./resource-calls";
export * from "./resources";
export * from "./roles";
