// Written by scripts/write-indexes.mjs from the files in this folder: do not edit.

import { consoleAdjustmentsResource } from "./console-adjustments";
import { consoleAuditResource } from "./console-audit";
import { consoleCatalogResource } from "./console-catalog";
import { consoleDepositsResource } from "./console-deposits";
import { consoleMerchantsResource } from "./console-merchants";
import { consoleOrdersResource } from "./console-orders";
import { consolePaymentsResource } from "./console-payments";
import { consolePricesResource } from "./console-prices";
import { consoleReconciliationResource } from "./console-reconciliation";
import { consoleRiskResource } from "./console-risk";
import { consoleRolesResource } from "./console-roles";
import { consoleRoutesResource } from "./console-routes";
import { consoleStaffResource } from "./console-staff";
import { consoleStatisticsResource } from "./console-statistics";
import { consoleSuppliersResource } from "./console-suppliers";

/** Each console area's resource, declared in its own contract file (the menu order comes from `sort`). */
export const consoleAreaResources = [
  consoleAdjustmentsResource,
  consoleAuditResource,
  consoleCatalogResource,
  consoleDepositsResource,
  consoleMerchantsResource,
  consoleOrdersResource,
  consolePaymentsResource,
  consolePricesResource,
  consoleReconciliationResource,
  consoleRiskResource,
  consoleRolesResource,
  consoleRoutesResource,
  consoleStaffResource,
  consoleStatisticsResource,
  consoleSuppliersResource,
] as const;
