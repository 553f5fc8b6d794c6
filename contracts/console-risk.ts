import { z } from "zod";
import { defineCall, inConsole } from "./calls";
import { pageOf } from "./envelope";
import { defineConsoleResource } from "./resource";
import {
  blockedAccount,
  blockedAccountBody,
  blockedAccountQuery,
  riskEvent,
  riskEventQuery,
  riskSettings,
  riskSettingsBody,
} from "./risk";

/** The console's risk controls (contracts/risk.ts): the settings, the blocked accounts, and what the rules refused. */
export const consoleRiskResource = defineConsoleResource({
  name: "risk",
  path: "/console/risk",
  sort: 72,
  icon: "safety",
  actions: ["list", "edit"],
  // Its page reads the settings, the blocked accounts and the events with their own calls.
  calls: {},
});

const risk = { resource: "risk" } as const;

export const riskCalls = {
  settings: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/risk/settings",
    access: { ...risk, action: "list" },
    answer: riskSettings,
  }),
  updateSettings: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/risk/settings",
    access: { ...risk, action: "edit" },
    body: riskSettingsBody,
    answer: riskSettings,
  }),
  blocked: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/risk/blocked",
    access: { ...risk, action: "list" },
    query: blockedAccountQuery,
    answer: pageOf(blockedAccount),
  }),
  block: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/risk/blocked",
    access: { ...risk, action: "edit" },
    body: blockedAccountBody,
    answer: blockedAccount,
  }),
  unblock: defineCall({
    ...inConsole,
    method: "DELETE",
    path: "/console/api/risk/blocked/:account",
    access: { ...risk, action: "edit" },
    params: z.object({ account: blockedAccountBody.shape.account }),
    answer: z.null(),
  }),
  events: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/risk/events",
    access: { ...risk, action: "list" },
    query: riskEventQuery,
    answer: pageOf(riskEvent),
  }),
};
