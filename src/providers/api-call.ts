import { type CallAnswer, type CallDeclaration, type CallInput, pathOf } from "#contracts";
import type { RequestConfig } from "./create-http-client";
import { request } from "./http-client";

type Send = <T>(config: RequestConfig) => Promise<T>;

/** Declared calls (contracts) sent through an HTTP client (the portal's, the console's): envelope unwrapped. */
export function callsThrough(send: Send) {
  return <C extends CallDeclaration>(
    call: C,
    input: CallInput<C> & { headers?: Record<string, string> } = {},
  ): Promise<CallAnswer<C>> =>
    send<CallAnswer<C>>({
      method: call.method,
      url: pathOf(call, input.params ?? {}),
      ...(input.query !== undefined && { params: input.query }),
      ...(input.body !== undefined && { data: input.body }),
      ...(input.headers && { headers: input.headers }),
    });
}

/** Sends a declared call through the portal's HTTP client: envelope unwrapped, failures shown. */
export const callApi = callsThrough(request);

/** A declared call's `url` and `method` in the form Refine's `useCustom` and `useCustomMutation` take. */
export function customCall<C extends CallDeclaration>(
  call: C,
  params: object = {},
): { url: string; method: Lowercase<C["method"]> } {
  return { url: pathOf(call, params), method: call.method.toLowerCase() as Lowercase<C["method"]> };
}
