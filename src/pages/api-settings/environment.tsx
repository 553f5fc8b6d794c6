import { createContext, useCallback, useContext, useMemo } from "react";
import type { ApiEnvironment, CallDeclaration } from "#contracts";
import { customCall } from "../../providers/api-call";

/**
 * Which application the API Settings panel below it shows: the live one or the sandbox. Every settings call says
 * which (`?environment=sandbox`; live is the server's default), so the panel's parts stay the same for both.
 */
const EnvironmentContext = createContext<ApiEnvironment>("live");

export const ApiEnvironmentProvider = EnvironmentContext.Provider;

export const useApiEnvironment = () => useContext(EnvironmentContext);

/** The query naming the application on show (lists; Refine's `meta.query` for the rest, see the data provider). */
export function useEnvironmentQuery(): { environment?: ApiEnvironment } {
  const environment = useApiEnvironment();
  // The same object while the environment is: lists and callbacks depending on it keep still.
  return useMemo(() => (environment === "live" ? {} : { environment }), [environment]);
}

/** `customCall` for the application on show (a mutation's `meta.query` names it), with any other `meta`. */
export function useAppCall() {
  const query = useEnvironmentQuery();
  return useCallback(
    <C extends CallDeclaration>(call: C, params: object = {}, meta: Record<string, unknown> = {}) => ({
      ...customCall(call, params),
      meta: { ...meta, query },
    }),
    [query],
  );
}
