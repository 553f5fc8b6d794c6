import { useCustomMutation, useDelete, useInvalidate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { type MemberItem, memberCalls } from "#contracts";
import { message } from "../../lib/toast";
import { customCall } from "../../providers/api-call";

export const MEMBER_RESOURCE = "member";

/** The cached list (fetched whole) is stale after any change: refetch it. */
export function useRefreshMembers() {
  const invalidate = useInvalidate();
  return () => void invalidate({ resource: MEMBER_RESOURCE, invalidates: ["list"] });
}

/**
 * The one-click row actions: enable/disable, reset MFA, delete. Failures are already shown by the http
 * client (the server's translated reason); success says what happened and reloads the list.
 */
export function useMemberActions() {
  const { t } = useTranslation();
  const refresh = useRefreshMembers();
  const { mutate, mutation } = useCustomMutation<MemberItem>();
  const { mutate: remove, mutation: removal } = useDelete<MemberItem>();

  const done = (key: string, member: MemberItem) => () => {
    void message.success(t(key, { username: member.username }));
    refresh();
  };

  return {
    pending: mutation.isPending || removal.isPending,
    setEnabled: (member: MemberItem, enabled: boolean) =>
      mutate(
        { ...customCall(memberCalls.setStatus, member), values: { enabled } },
        { onSuccess: done(enabled ? "member.messages.enabled" : "member.messages.disabled", member) },
      ),
    resetMfa: (member: MemberItem) =>
      mutate(
        { ...customCall(memberCalls.resetMfa, member), values: {} },
        { onSuccess: done("member.messages.mfaReset", member) },
      ),
    remove: (member: MemberItem) =>
      remove({ resource: MEMBER_RESOURCE, id: member.id }, { onSuccess: done("member.messages.deleted", member) }),
  };
}
