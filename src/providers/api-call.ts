import { type CallAnswer, type CallDeclaration, type CallInput, pathOf } from "#contracts";
import { request } from "./http-client";

/** Sends a declared call (contracts) through the portal's HTTP client: envelope unwrapped, failures shown. */
export function callApi<C extends CallDeclaration>(
  call: C,
  input: CallInput<C> & { headers?: Record<string, string> } = {},
): Promise<CallAnswer<C>> {
  return request<CallAnswer<C>>({
    method: call.method,
    url: pathOf(call, input.params ?? {}),
    ...(input.query !== undefined && { params: input.query }),
    ...(input.body !== undefined && { data: input.body }),
    ...(input.headers && { headers: input.headers }),
  });
}

/** A declared call's `url` and `method` in the form Refine's `useCustom` and `useCustomMutation` take. */
export function customCall<C extends CallDeclaration>(
  call: C,
  params: object = {},
): { url: string; method: Lowercase<C["method"]> } {
  return { url: pathOf(call, params), method: call.method.toLowerCase() as Lowercase<C["method"]> };
}
