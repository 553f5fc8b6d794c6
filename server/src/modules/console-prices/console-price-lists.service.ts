import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PriceList, priceListBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { queryRows, unlessTaken } from "../../db/raw";
import { merchants, priceChanges, priceListPrices, priceLists } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";

type Body = z.output<typeof priceListBody>;
type ListRow = typeof priceLists.$inferSelect;

const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * The list's counts at `now`. SKUs priced now: each live SKU's latest row by then (DISTINCT ON walks the primary
 * key), when its price is not null. A list holds at most the catalog's SKUs, and there are few lists.
 */
function countsAt(now: Date) {
  // Spelled out: drizzle leaves a one-table query's columns unqualified, and "id" is every table's.
  const listId = sql`${priceLists}.id`;
  return {
    skus: sql<number>`(select count(*)::int from (
      select distinct on (plp.sku_id) plp.price from price_list_prices plp
      join product_skus s on s.id = plp.sku_id and s.deleted_at is null
      join products p on p.id = s.product_id and p.deleted_at is null
      where plp.price_list_id = ${listId} and plp.effective_at <= ${moment(now)}
      order by plp.sku_id, plp.effective_at desc) latest where latest.price is not null)`.mapWith(Number),
    merchants: sql<number>`(select count(*)::int from ${merchants} m where m.price_list_id = ${listId})`.mapWith(
      Number,
    ),
    scheduled: sql<number>`(select count(*)::int from price_changes pc where pc.price_list_id = ${listId}
      and pc.cancelled_at is null and pc.effective_at > ${moment(now)})`.mapWith(Number),
  };
}

async function selectLists(executor: Executor, now: Date, where?: SQL) {
  const rows = await executor
    .select({ list: priceLists, ...countsAt(now) })
    .from(priceLists)
    .where(where)
    .orderBy(asc(priceLists.name), asc(priceLists.id));
  return rows.map(({ list, ...counts }) => toPriceList(list, counts));
}

function toPriceList(list: ListRow, counts: { skus: number; merchants: number; scheduled: number }): PriceList {
  return {
    id: list.id,
    name: list.name,
    currency: list.currency,
    description: list.description,
    ...counts,
    createTime: list.createdAt.toISOString(),
  };
}

/** Every list, by name: a reseller keeps a handful (a standard one, a few for partners and regions). */
export async function listPriceLists(deps: AppDeps): Promise<PriceList[]> {
  return selectLists(deps.db, deps.clock.now());
}

export async function getPriceList(deps: AppDeps, id: number, executor: Executor = deps.db): Promise<PriceList> {
  const [list] = await selectLists(executor, deps.clock.now(), eq(priceLists.id, id));
  if (!list) throw fail("priceListNotFound");
  return list;
}

/**
 * The list row, locked until the transaction ends: every write to a list's prices (changes, cancellations,
 * currency edits) takes it first, so two of them on one list run one after the other and each computes from
 * what the other wrote.
 */
export async function lockPriceList(tx: Executor, id: number): Promise<ListRow> {
  const [row] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for("update");
  if (!row) throw fail("priceListNotFound");
  return row;
}

const audited = (l: PriceList) => ({ name: l.name, currency: l.currency, description: l.description });

export async function createPriceList(deps: AppDeps, staff: StaffContext, body: Body): Promise<PriceList> {
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const [row] = await tx
          .insert(priceLists)
          .values({ ...body, createdAt: now, updatedAt: now })
          .returning({ id: priceLists.id });
        const created = await getPriceList(deps, row!.id, tx);
        await recordAudit(deps, tx, {
          actor: staffActor(staff),
          merchantId: null,
          action: "priceList.created",
          target: { kind: "priceList", id: created.id },
          after: audited(created),
        });
        return created;
      }),
    () => fail("priceListNameTaken", { name: body.name }),
  );
}

export async function updatePriceList(deps: AppDeps, staff: StaffContext, id: number, body: Body): Promise<PriceList> {
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        const current = await lockPriceList(tx, id);
        // Its prices are amounts in its currency and its merchants pay in it: a new currency would misread both.
        if (body.currency !== current.currency && (await inUse(tx, id)))
          throw fail("priceListCurrencyFixed", { currency: current.currency });
        const before = await getPriceList(deps, id, tx);
        await tx
          .update(priceLists)
          .set({ ...body, updatedAt: deps.clock.now() })
          .where(eq(priceLists.id, id));
        const after = await getPriceList(deps, id, tx);
        await recordAudit(deps, tx, {
          actor: staffActor(staff),
          merchantId: null,
          action: "priceList.changed",
          target: { kind: "priceList", id },
          before: audited(before),
          after: audited(after),
        });
        return after;
      }),
    () => fail("priceListNameTaken", { name: body.name }),
  );
}

/** Whether any price (past, present or scheduled) or any merchant refers to the list. */
async function inUse(tx: Executor, id: number): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from ${priceListPrices} where ${priceListPrices.priceListId} = ${id})
      or exists (select 1 from ${merchants} where ${merchants.priceListId} = ${id})
      or exists (select 1 from ${priceChanges} where ${priceChanges.priceListId} = ${id}) as used`,
  );
  return row?.used === true;
}
