import type { LoginBody, LoginResult, MfaBindBody, UpdatePasswordBody, UserInfo } from "../../contracts/auth";
import { API_BASE, request } from "./http-client";
import { getToken } from "./token-storage";

/** What the browser needs before sign-in (read through Refine's useCustom, see use-public-config). */
export const PUBLIC_CONFIG_URL = "/merchant/api/public/config";

/** The account calls of spec §7 (data of resources goes through the data provider instead). */
export const portalApi = {
  login: (body: LoginBody) => request<LoginResult>({ method: "post", url: "/merchant/api/login", data: body }),
  userInfo: () => request<UserInfo>({ method: "get", url: "/merchant/api/logged/info" }),
  logout: () => request<null>({ method: "post", url: "/merchant/api/logout" }),
  mfaKey: () => request<string>({ method: "get", url: "/merchant/api/mfa/key" }),
  bindMfa: (body: MfaBindBody) => request<null>({ method: "post", url: "/merchant/api/mfa/bind", data: body }),
  // The spec's unbind takes the code itself as a plain-text body.
  unbindMfa: (code: string) =>
    request<null>({
      method: "post",
      url: "/merchant/api/mfa/unbind",
      data: code,
      headers: { "Content-Type": "text/plain" },
    }),
  updatePassword: (body: UpdatePasswordBody) =>
    request<null>({ method: "post", url: "/merchant/api/updatePassword", data: body }),
};

/**
 * Downloads a finished export: a real form post (not axios) so the browser streams the file to disk; the token
 * travels as the form field `Authorization`. The answer lands in a hidden frame, so the page stays as it is.
 */
export function downloadExport(id: number): void {
  const frameName = "export-download";
  let frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${frameName}"]`);
  if (!frame) {
    frame = document.createElement("iframe");
    frame.name = frameName;
    frame.hidden = true;
    document.body.appendChild(frame);
  }
  const form = document.createElement("form");
  form.method = "post";
  form.action = `${API_BASE}/merchant/export/download/${encodeURIComponent(String(id))}`;
  form.target = frameName;
  form.hidden = true;
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = "Authorization";
  field.value = getToken() ?? "";
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
