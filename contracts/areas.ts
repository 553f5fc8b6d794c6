// Written by scripts/write-indexes.mjs from the files in this folder: do not edit.

import { apiSettingsResource } from "./api-settings";
import { depositResource } from "./deposit";
import { exportTaskResource } from "./export-task";
import { ledgerResource } from "./ledger";
import { memberResource } from "./member";
import { merchantInfoResource } from "./merchant-info";
import { notificationResource } from "./notification";
import { orderResource } from "./order";
import { overviewResource } from "./overview";
import { productResource } from "./product";

/** Each area's resource, declared in its own contract file (the menu order comes from `sort`). */
export const areaResources = [
  apiSettingsResource,
  depositResource,
  exportTaskResource,
  ledgerResource,
  memberResource,
  merchantInfoResource,
  notificationResource,
  orderResource,
  overviewResource,
  productResource,
] as const;
