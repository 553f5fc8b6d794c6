import { supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import type { DingConnectStandin } from "./standins/dingconnect-standin";
import type { startReloadlyStandin } from "./standins/reloadly-standin";
import type { TestApp } from "./test-app";

type ReloadlyStandin = Awaited<ReturnType<typeof startReloadlyStandin>>;
type Standin = { kind: "reloadly"; standin: ReloadlyStandin } | { kind: "dingconnect"; standin: DingConnectStandin };

/**
 * A supplier account pointing at a local stand-in, written as the console writes one (credentials sealed):
 * Reloadly's auth server is the stand-in too. Answers its id.
 */
export async function addStandinAccount(t: TestApp, supplier: Standin & { code: string; name?: string }) {
  const credentials =
    supplier.kind === "reloadly" ? { ...supplier.standin.state.credentials } : { apiKey: supplier.standin.apiKey };
  const [account] = await t.deps.db
    .insert(supplierAccounts)
    .values({
      code: supplier.code,
      name: supplier.name ?? supplier.code,
      kind: supplier.kind,
      baseUrl: supplier.standin.baseUrl,
      authUrl: supplier.kind === "reloadly" ? supplier.standin.baseUrl : "",
      credentialsSealed: t.deps.cipher.encrypt(JSON.stringify(credentials)),
      credentialKeys: Object.keys(credentials).sort(),
    })
    .returning({ id: supplierAccounts.id });
  return account!.id;
}
