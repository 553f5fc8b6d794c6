import { authCalls, exportTaskCalls, type MfaBindBody, pathOf, type UpdatePasswordBody } from "#contracts";
import { callApi } from "./api-call";
import { API_BASE } from "./http-client";
import { getToken } from "./token-storage";

/**
 * The account calls of spec §7 (data of resources goes through the data provider instead). Signing in is the light
 * sign-in page's own call (pages/login/login-api.ts).
 */
export const portalApi = {
  userInfo: () => callApi(authCalls.userInfo),
  logout: () => callApi(authCalls.logout),
  mfaKey: () => callApi(authCalls.mfaKey),
  bindMfa: (body: MfaBindBody) => callApi(authCalls.bindMfa, { body }),
  // The spec's unbind takes the code itself as a plain-text body.
  unbindMfa: (code: string) => callApi(authCalls.unbindMfa, { body: code, headers: { "Content-Type": "text/plain" } }),
  updatePassword: (body: UpdatePasswordBody) => callApi(authCalls.updatePassword, { body }),
};

/**
 * Downloads a finished export: a real form post (not a fetch) so the browser streams the file to disk; the token
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
  form.action = `${API_BASE}${pathOf(exportTaskCalls.download, { id })}`;
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
