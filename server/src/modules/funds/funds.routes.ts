import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  deposit,
  depositListQuery,
  envelopeOf,
  ledgerEntry,
  ledgerListQuery,
  ledgerSummary,
  newDeposit,
  pageOf,
  pageQuery,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { createDeposit, listDeposits } from "./deposit.service";
import { listLedger } from "./ledger-list.service";

const tags = ["fund"];

/** Funds Details and Recharge History; the reseller approves deposits with the operator CLI. */
export async function fundsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/api/fund/transaction/list",
    {
      config: { access: { resource: "fund-transaction", action: "list" } },
      schema: {
        tags,
        querystring: pageQuery.extend(ledgerListQuery.shape),
        response: { 200: envelopeOf(pageOf(ledgerEntry).extend({ summary: ledgerSummary })) },
      },
    },
    async (request) => ok(request, await listLedger(deps, caller(request), request.query, request.language)),
  );

  r.get(
    "/merchant/api/fund/deposit/list",
    {
      config: { access: { resource: "fund-deposit", action: "list" } },
      schema: {
        tags,
        querystring: pageQuery.extend(depositListQuery.shape),
        response: { 200: envelopeOf(pageOf(deposit)) },
      },
    },
    async (request) => ok(request, await listDeposits(deps, caller(request), request.query)),
  );

  r.post(
    "/merchant/api/fund/deposit",
    {
      config: { access: { resource: "fund-deposit", action: "create" } },
      schema: { tags, body: newDeposit, response: { 200: envelopeOf(deposit) } },
    },
    async (request) => ok(request, await createDeposit(deps, caller(request), request.body)),
  );
}
