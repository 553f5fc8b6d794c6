import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ResourceName } from "../../server/src/contracts/resources";

type Page = LazyExoticComponent<ComponentType>;

/** Each resource's page, loaded on first visit so the sign-in screen stays small. Groups have none. */
export const resourcePages: Partial<Record<ResourceName, Page>> = {
  "merchant-info": lazy(() =>
    import("../pages/merchant-info/merchant-info-show-page").then((m) => ({ default: m.MerchantInfoShowPage })),
  ),
  product: lazy(() => import("../pages/product/product-list-page").then((m) => ({ default: m.ProductListPage }))),
  order: lazy(() => import("../pages/order/order-list-page").then((m) => ({ default: m.OrderListPage }))),
  "fund-transaction": lazy(() =>
    import("../pages/fund-transaction/fund-transaction-list-page").then((m) => ({
      default: m.FundTransactionListPage,
    })),
  ),
  "fund-deposit": lazy(() =>
    import("../pages/fund-deposit/fund-deposit-list-page").then((m) => ({ default: m.FundDepositListPage })),
  ),
  "api-settings": lazy(() =>
    import("../pages/api-settings/api-settings-show-page").then((m) => ({ default: m.ApiSettingsShowPage })),
  ),
  member: lazy(() => import("../pages/member/member-list-page").then((m) => ({ default: m.MemberListPage }))),
};

export const hasPage = (name: string): boolean => name in resourcePages;

export function pageOf(name: string): Page | undefined {
  return resourcePages[name as ResourceName];
}
