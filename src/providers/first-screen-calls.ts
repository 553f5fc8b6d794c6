import {
  can,
  DEFAULT_PAGE_SIZE,
  ledgerCalls,
  ledgerResource,
  notificationCalls,
  systemCalls,
  type UserInfo,
} from "#contracts";
import { resourceForPath, viewForPath } from "../resources/routes";
import { customCall } from "./api-call";
import { listRead } from "./data-provider";
import { startEarly } from "./http-client";
import { loadUserInfo } from "./user-session";

/** Whether MFA is bound: until then the server refuses all but the calls that bind it. */
const MFA_BOUND = 1;

/**
 * The reads the signed-in first screen makes, started as soon as the user info says which it may make instead of
 * when the screen has rendered: the public configuration, the bell's unread count, the top bar's balance, and the
 * list's first page when the address opens a list as it comes (no filters, sort or page of its own). Their answers
 * then wait in the http client, and the screen's queries take them together.
 */
export function startFirstScreenCalls(pathname: string, search: string): void {
  startEarly(customCall(systemCalls.publicConfig));
  void loadUserInfo()
    .then((user: UserInfo) => {
      if (user.mfaStatus !== MFA_BOUND) return;
      startEarly(customCall(notificationCalls.unread));
      if (can(user.role, ledgerResource.name, "list")) startEarly(customCall(ledgerCalls.balance));
      const resource = resourceForPath(pathname);
      if (resource?.calls?.list && !search && viewForPath(pathname) === "list" && can(user.role, resource.name, "list"))
        startEarly(
          listRead(resource.name, {
            pagination: { currentPage: 1, pageSize: resource.listPageSize ?? DEFAULT_PAGE_SIZE },
          }),
        );
    })
    // The session gate asks for the user info again and says what went wrong.
    .catch(() => undefined);
}
