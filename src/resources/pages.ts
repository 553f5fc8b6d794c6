import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ResourceName } from "#contracts";
import type { View } from "./routes";

type Page = LazyExoticComponent<ComponentType>;
/** A resource's pages: always a list; show, create and batch where it has them (paths in `viewRoutes`). */
type ResourcePages = { list: Page } & Partial<Record<Exclude<View, "list">, Page>>;

/** Each resource's pages, loaded on first visit so the sign-in screen stays small. Groups have none. */
export const resourcePages: Partial<Record<ResourceName, ResourcePages>> = {
  "merchant-info": {
    list: lazy(() =>
      import("../pages/merchant-info/merchant-info-show-page").then((m) => ({ default: m.MerchantInfoShowPage })),
    ),
  },
  product: {
    list: lazy(() => import("../pages/product/product-list-page").then((m) => ({ default: m.ProductListPage }))),
    show: lazy(() => import("../pages/product/product-show-page").then((m) => ({ default: m.ProductShowPage }))),
  },
  order: {
    list: lazy(() => import("../pages/order/order-list-page").then((m) => ({ default: m.OrderListPage }))),
    show: lazy(() => import("../pages/order/order-show-page").then((m) => ({ default: m.OrderShowPage }))),
    create: lazy(() => import("../pages/order/order-create-page").then((m) => ({ default: m.OrderCreatePage }))),
    batch: lazy(() => import("../pages/order/batch/order-batch-page").then((m) => ({ default: m.OrderBatchPage }))),
  },
  ledger: {
    list: lazy(() =>
      import("../pages/ledger/ledger-list-page").then((m) => ({
        default: m.LedgerListPage,
      })),
    ),
  },
  deposit: {
    list: lazy(() => import("../pages/deposit/deposit-list-page").then((m) => ({ default: m.DepositListPage }))),
  },
  "api-settings": {
    list: lazy(() =>
      import("../pages/api-settings/api-settings-show-page").then((m) => ({ default: m.ApiSettingsShowPage })),
    ),
  },
  member: {
    list: lazy(() => import("../pages/member/member-list-page").then((m) => ({ default: m.MemberListPage }))),
  },
};

export const hasPage = (name: string): boolean => name in resourcePages;

export function viewsOf(name: string): View[] {
  return Object.keys(resourcePages[name as ResourceName] ?? {}) as View[];
}

export function pageOf(name: string, view: View = "list"): Page | undefined {
  return resourcePages[name as ResourceName]?.[view];
}
