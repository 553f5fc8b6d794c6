// Written by scripts/write-indexes.mjs from the files in this folder: do not edit.

import apiSettingsModule from "./api-settings";
import auditModule from "./audit";
import authModule from "./auth";
import backupModule from "./backup";
import consoleModule from "./console";
import consoleAdjustmentsModule from "./console-adjustments";
import consoleAuditModule from "./console-audit";
import consoleCatalogModule from "./console-catalog";
import consoleDepositsModule from "./console-deposits";
import consoleMerchantsModule from "./console-merchants";
import consoleOrdersModule from "./console-orders";
import consolePaymentsModule from "./console-payments";
import consolePricesModule from "./console-prices";
import consoleReconciliationModule from "./console-reconciliation";
import consoleRiskModule from "./console-risk";
import consoleRolesModule from "./console-roles";
import consoleRoutesModule from "./console-routes";
import consoleStaffModule from "./console-staff";
import consoleStatisticsModule from "./console-statistics";
import consoleSuppliersModule from "./console-suppliers";
import deliveryModule from "./delivery";
import depositModule from "./deposit";
import exportTaskModule from "./export-task";
import fulfilmentModule from "./fulfilment";
import ledgerModule from "./ledger";
import memberModule from "./member";
import merchantInfoModule from "./merchant-info";
import type { ServerModule } from "./module";
import notificationModule from "./notification";
import openapiModule from "./openapi";
import orderModule from "./order";
import overviewModule from "./overview";
import pricingModule from "./pricing";
import productModule from "./product";
import provisioningModule from "./provisioning";
import reconciliationModule from "./reconciliation";
import riskModule from "./risk";
import sandboxModule from "./sandbox";
import supplierModule from "./supplier";
import systemModule from "./system";
import uploadModule from "./upload";

/** Every module, by its folder's name (a folder with an index.ts), in name order. */
export const modulesByFolder: Record<string, ServerModule> = {
  "api-settings": apiSettingsModule,
  audit: auditModule,
  auth: authModule,
  backup: backupModule,
  console: consoleModule,
  "console-adjustments": consoleAdjustmentsModule,
  "console-audit": consoleAuditModule,
  "console-catalog": consoleCatalogModule,
  "console-deposits": consoleDepositsModule,
  "console-merchants": consoleMerchantsModule,
  "console-orders": consoleOrdersModule,
  "console-payments": consolePaymentsModule,
  "console-prices": consolePricesModule,
  "console-reconciliation": consoleReconciliationModule,
  "console-risk": consoleRiskModule,
  "console-roles": consoleRolesModule,
  "console-routes": consoleRoutesModule,
  "console-staff": consoleStaffModule,
  "console-statistics": consoleStatisticsModule,
  "console-suppliers": consoleSuppliersModule,
  delivery: deliveryModule,
  deposit: depositModule,
  "export-task": exportTaskModule,
  fulfilment: fulfilmentModule,
  ledger: ledgerModule,
  member: memberModule,
  "merchant-info": merchantInfoModule,
  notification: notificationModule,
  openapi: openapiModule,
  order: orderModule,
  overview: overviewModule,
  pricing: pricingModule,
  product: productModule,
  provisioning: provisioningModule,
  reconciliation: reconciliationModule,
  risk: riskModule,
  sandbox: sandboxModule,
  supplier: supplierModule,
  system: systemModule,
  upload: uploadModule,
};
