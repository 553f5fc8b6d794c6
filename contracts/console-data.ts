import type { CallDeclaration } from "./calls";
import type { ConsoleResourceName } from "./console";
import { adjustmentCalls } from "./console-adjustments";
import { consoleAuditCalls } from "./console-audit";
import { catalogCalls } from "./console-catalog";
import { consoleDepositCalls } from "./console-deposits";
import { consoleMerchantCalls } from "./console-merchants";
import { consoleOrderCalls } from "./console-orders";
import { reconciliationCalls } from "./console-reconciliation";
import type { DataOperation } from "./resource";
import { supplierCalls } from "./supplier";

/**
 * The console resources' data calls, for the browser's data provider (Refine's list, one, create, update): the
 * paged lists and the plain reads and writes. Actions (approve, fail, reset) are the pages' own calls.
 */
export const consoleResourceCalls: Record<ConsoleResourceName, Partial<Record<DataOperation, CallDeclaration>>> = {
  merchants: {
    list: consoleMerchantCalls.list,
    one: consoleMerchantCalls.one,
    create: consoleMerchantCalls.create,
    update: consoleMerchantCalls.update,
  },
  deposits: { list: consoleDepositCalls.list },
  // Two short lists its page reads with their own calls.
  payments: {},
  adjustments: { list: adjustmentCalls.list, create: adjustmentCalls.create },
  orders: { list: consoleOrderCalls.list, one: consoleOrderCalls.one },
  routes: { list: supplierCalls.routedSkus },
  catalog: {
    list: catalogCalls.products,
    one: catalogCalls.product,
    create: catalogCalls.createProduct,
    update: catalogCalls.updateProduct,
  },
  // Its page reads the price lists, their SKUs and changes with their own calls.
  prices: {},
  // Its page reads settings, the blocked accounts and the events with their own calls.
  risk: {},
  statistics: {},
  audit: { list: consoleAuditCalls.list },
  reconciliation: { list: reconciliationCalls.runs, one: reconciliationCalls.run },
  // Staff and roles are short lists answered whole (their pages read them with their own calls).
  staff: {},
  roles: {},
  suppliers: {},
};

/** The declared call of a console resource's data operation; asking for an undeclared one is a programming error. */
export function consoleResourceCall(resource: string, operation: DataOperation): CallDeclaration {
  const call = (consoleResourceCalls as Record<string, Partial<Record<DataOperation, CallDeclaration>>>)[resource]?.[
    operation
  ];
  if (!call) throw new Error(`Console resource "${resource}" declares no ${operation} call`);
  return call;
}
