import { createContext, useCallback, useContext } from "react";
import type { ApiEnvironment, CallDeclaration } from "#contracts";
import { customCall } from "../../providers/api-call";

/**
 * Which application the API Settings panel below it shows: the live one or the sandbox. Every settings call says
 * which (`?environment=sandbox`; live is the server's default), so the panel's parts stay the same for both.
 */
const EnvironmentContext = createContext<ApiEnvironment>("live");

export const ApiEnvironmentProvider = EnvironmentContext.Provider;

export const useApiEnvironment = () => useContext(EnvironmentContext);

/** The query naming the application on show, for calls sent with a query (lists, Refine's meta). */
export function useEnvironmentQuery(): { environment?: ApiEnvironment } {
  const environment = useApiEnvironment();
  return environment === "live" ? {} : { environment };
}

/** `customCall` for the application on show: its url carries the environment (mutations take no query). */
export function useAppCall() {
  const environment = useApiEnvironment();
  return useCallback(
    <C extends CallDeclaration>(call: C, params: object = {}) => {
      const target = customCall(call, params);
      return environment === "live" ? target : { ...target, url: `${target.url}?environment=${environment}` };
    },
    [environment],
  );
}
