import { apiSettingsResource } from "./api-settings";
import type { CallDeclaration } from "./calls";
import { depositResource } from "./deposit";
import { exportTaskResource } from "./export-task";
import { ledgerResource } from "./ledger";
import { memberResource } from "./member";
import { merchantInfoResource } from "./merchant-info";
import { orderResource } from "./order";
import { productResource } from "./product";
import { type DataOperation, defineResource, type ResourceDeclaration } from "./resource";
import type { Role } from "./roles";

export * from "./resource";

/** The menu groups: headings of the sidebar, with no page or data of their own. */
const merchantGroup = defineResource({
  name: "merchant",
  path: "/merchant",
  sort: 100,
  icon: "shop",
  group: true,
  access: { operator: ["list"], finance: ["list"] },
});
const fundGroup = defineResource({
  name: "merchant-fund",
  path: "/merchant-fund",
  sort: 90,
  icon: "fund",
  group: true,
  access: { operator: ["list"], finance: ["list"] },
});
const settingGroup = defineResource({
  name: "merchant-setting",
  path: "/merchant-setting",
  sort: 80,
  icon: "setting",
  group: true,
  access: {},
});

/** Every resource: the groups, and each area's declaration from its contract file. */
export const resources = [
  merchantGroup,
  merchantInfoResource,
  productResource,
  orderResource,
  fundGroup,
  ledgerResource,
  depositResource,
  settingGroup,
  apiSettingsResource,
  memberResource,
  exportTaskResource,
] as const;

export type ResourceName = (typeof resources)[number]["name"];

/** Where each role lands after sign-in and when it reaches a page it may not open. */
export const landingPath: Record<Role, string> = {
  admin: "/merchant/info",
  operator: "/merchant/info",
  finance: "/merchant/fund",
};

/** The declared call of a resource's data operation; asking for an undeclared one is a programming error. */
export function resourceCall(resource: string, operation: DataOperation): CallDeclaration {
  const declaration: ResourceDeclaration | undefined = resources.find((r) => r.name === resource);
  const call = declaration?.calls?.[operation];
  if (!call) throw new Error(`Resource "${resource}" declares no ${operation} call`);
  return call;
}
