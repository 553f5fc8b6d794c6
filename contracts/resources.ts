import { areaResources } from "./areas";
import type { CallDeclaration } from "./calls";
import { type DataOperation, defineResource, type ResourceDeclaration } from "./resource";

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

const groups = [merchantGroup, fundGroup, settingGroup] as const;
const areas: readonly ResourceDeclaration[] = areaResources;
const bySort = (a: ResourceDeclaration, b: ResourceDeclaration) => b.sort - a.sort;

/**
 * Every resource, in the sidebar's order: each group (by `sort`, highest first) followed by its areas (the same
 * way), then the areas in no group (hidden ones). Areas come from their contract files: contracts/areas.ts is
 * written from the folder.
 */
export const resources: readonly ResourceDeclaration[] = [
  ...[...groups].sort(bySort).flatMap((group) => [group, ...areas.filter((r) => r.parent === group.name).sort(bySort)]),
  ...areas.filter((r) => !r.parent).sort(bySort),
];

export type ResourceName = (typeof groups)[number]["name"] | (typeof areaResources)[number]["name"];

/** The declared call of a resource's data operation; asking for an undeclared one is a programming error. */
export function resourceCall(resource: string, operation: DataOperation): CallDeclaration {
  const declaration: ResourceDeclaration | undefined = resources.find((r) => r.name === resource);
  const call = declaration?.calls?.[operation];
  if (!call) throw new Error(`Resource "${resource}" declares no ${operation} call`);
  return call;
}
