import { apiSettingsCalls } from "./api-settings";
import type { CallDeclaration } from "./calls";
import { depositCalls } from "./deposit";
import { exportTaskCalls } from "./export-task";
import { ledgerCalls } from "./ledger";
import { memberCalls } from "./member";
import { merchantInfoCalls } from "./merchant-info";
import { orderCalls } from "./order";
import { productCalls } from "./product";
import type { ResourceName } from "./resources";

/**
 * The data calls of each resource, in Refine's terms: the browser's data provider sends `useList`, `useOne`,
 * `useCreate`, `useUpdate` and `useDelete` through them. A call without `:id` in its path serves a resource
 * with one record per merchant (merchant info, API settings). Other calls of a resource (a member's password
 * reset, a delivery's Resend) are sent by its pages through the same declarations.
 */
export interface ResourceCalls {
  readonly list?: CallDeclaration;
  readonly one?: CallDeclaration;
  readonly create?: CallDeclaration;
  readonly update?: CallDeclaration;
  readonly delete?: CallDeclaration;
}

export const resourceCalls: Readonly<Partial<Record<ResourceName, ResourceCalls>>> = {
  "merchant-info": merchantInfoCalls,
  product: productCalls,
  order: orderCalls,
  ledger: ledgerCalls,
  deposit: depositCalls,
  member: memberCalls,
  "api-settings": apiSettingsCalls,
  // The spec's export calls: PATCH /kill/{id} terminates a task (its "update"), DELETE removes it.
  "export-task": { list: exportTaskCalls.list, update: exportTaskCalls.terminate, delete: exportTaskCalls.delete },
};

export type DataOperation = keyof ResourceCalls;

/** The declared call of a resource's data operation; asking for an undeclared one is a programming error. */
export function resourceCall(resource: string, operation: DataOperation): CallDeclaration {
  const call = resourceCalls[resource as ResourceName]?.[operation];
  if (!call) throw new Error(`Resource "${resource}" declares no ${operation} call`);
  return call;
}
