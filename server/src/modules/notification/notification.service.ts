import { type SQL, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import {
  can,
  type ExportType,
  FAILURE_SPIKE,
  formatAmount,
  NOTIFICATION_AUDIENCE,
  NOTIFICATION_LIST_SIZE,
  type Notification,
  type NotificationKind,
  type Role,
  readStoredText,
  storedMessage,
  UNREAD_COUNT_CAP,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { fail } from "../../lib/failure";
import type { AuthContext } from "../auth/auth-context";

/** The merchant-wide kinds a role sees: those whose audience permission the role holds (contracts/notification.ts). */
function notificationKindsFor(role: Role): NotificationKind[] {
  return (Object.keys(NOTIFICATION_AUDIENCE) as (keyof typeof NOTIFICATION_AUDIENCE)[]).filter((kind) =>
    can(role, NOTIFICATION_AUDIENCE[kind].resource, NOTIFICATION_AUDIENCE[kind].action),
  );
}

/** The rows this user may read: theirs, and the merchant's of the kinds their role sees. */
function visibleTo(auth: AuthContext): SQL {
  const kinds = notificationKindsFor(auth.role);
  const shared = kinds.length
    ? sql`(n.user_id is null and n.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}))`
    : sql`false`;
  return sql`n.merchant_id = ${auth.merchantId} and (n.user_id = ${auth.userId} or ${shared})`;
}

interface Row {
  id: string | number;
  kind: NotificationKind;
  message: string;
  target: string | null;
  created_at: string | Date;
  read: boolean;
}

/** The newest notifications this user may read, in their language. */
export async function listNotifications(
  deps: AppDeps,
  auth: AuthContext,
  t: TFunction,
): Promise<{ list: Notification[]; total: number }> {
  const rows = await queryRows<Row>(
    deps.db,
    sql`select n.id, n.kind, n.message, n.target, n.created_at,
        exists (select 1 from notification_reads r where r.user_id = ${auth.userId} and r.notification_id = n.id) as read
      from notifications n
      where ${visibleTo(auth)}
      order by n.id desc
      limit ${NOTIFICATION_LIST_SIZE}`,
  );
  const list = rows.map(
    (row): Notification => ({
      id: Number(row.id),
      kind: row.kind,
      text: readStoredText(t, row.message),
      target: row.target,
      createTime: new Date(row.created_at).toISOString(),
      read: row.read,
    }),
  );
  return { list, total: list.length };
}

/**
 * The unread ones among the newest visible ones, up to the cap (the bell lists fewer than that): polled by every
 * open tab, so it reads one bounded index range of the merchant's newest rows. Counting unread rows until the cap
 * was reached walked all of them when everything had been read, the usual case.
 */
export async function unreadCount(deps: AppDeps, auth: AuthContext): Promise<{ count: number; capped: boolean }> {
  const [row] = await queryRows<{ n: string | number }>(
    deps.db,
    sql`select count(*)::int as n from (
        select n.id from notifications n
        where ${visibleTo(auth)}
        order by n.id desc
        limit ${UNREAD_COUNT_CAP}) newest
      where not exists (
        select 1 from notification_reads r where r.user_id = ${auth.userId} and r.notification_id = newest.id)`,
  );
  const count = Number(row?.n ?? 0);
  return { count, capped: count >= UNREAD_COUNT_CAP };
}

/** One notification read; another merchant's, or one this user may not see, is "no such notification". */
export async function markRead(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const rows = await queryRows<{ id: unknown }>(
    deps.db,
    sql`with target as (select n.id from notifications n where n.id = ${id} and ${visibleTo(auth)}),
      marked as (
        insert into notification_reads (notification_id, user_id)
        select id, ${auth.userId} from target
        on conflict do nothing)
      select id from target`,
  );
  if (rows.length === 0) throw fail("notificationNotFound");
}

/** Every notification this user may see, read. */
export async function markAllRead(deps: AppDeps, auth: AuthContext): Promise<void> {
  await queryRows(
    deps.db,
    sql`insert into notification_reads (notification_id, user_id)
      select n.id, ${auth.userId} from notifications n where ${visibleTo(auth)}
      on conflict do nothing`,
  );
}

/** A deposit decided: for who may recharge, in the decision's transaction. */
export async function notifyDeposit(
  executor: Executor,
  deposit: { merchantId: number; depositNo: string; status: string; amount: string; currency: string },
  at: Date,
): Promise<void> {
  const message = storedMessage({
    key:
      deposit.status === "success" ? "notification.messages.depositApproved" : "notification.messages.depositRejected",
    params: {
      depositNo: deposit.depositNo,
      amount: formatAmount(deposit.amount, deposit.currency),
      currency: deposit.currency,
    },
  });
  await queryRows(
    executor,
    sql`insert into notifications (merchant_id, kind, message, target, created_at)
      values (${deposit.merchantId}, 'deposit', ${message}, ${deposit.depositNo}, ${at.toISOString()})
      returning id`,
  );
}

/** The message of an export that finished (its type is named in the reader's language). */
export const exportReadyMessage = (type: ExportType) => storedMessage(`notification.messages.exportReady.${type}`);

/**
 * The failure-spike notification, as a CTE of the statement that fails an order (`changed` holds the failed
 * order): at least FAILURE_SPIKE.failed of the merchant's last FAILURE_SPIKE.of orders placed within
 * FAILURE_SPIKE.minutes have failed, and none was sent within FAILURE_SPIKE.quietMinutes. The statement reads
 * the orders as they were before it, so the order failing now counts by its id. The hour's dedupe key keeps two
 * orders failing at once from both sending one.
 */
export function failureSpikeInsert(when: string): SQL {
  const message = storedMessage({
    key: "notification.messages.failureSpike",
    params: { failed: FAILURE_SPIKE.failed, of: FAILURE_SPIKE.of, minutes: FAILURE_SPIKE.minutes },
  });
  return sql`
    insert into notifications (merchant_id, kind, message, dedupe_key, created_at)
    select c.merchant_id, 'failureSpike', ${message},
      'failureSpike:' || to_char(${when}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24'), ${when}
    from changed c
    where (
        select count(*) filter (where recent.status = 'failed' or recent.id = c.id)
        from (
          select o.id, o.status from orders o
          where o.merchant_id = c.merchant_id
            and o.created_at >= ${when}::timestamptz - make_interval(mins => ${FAILURE_SPIKE.minutes})
          order by o.created_at desc, o.id desc
          limit ${FAILURE_SPIKE.of}) recent
      ) >= ${FAILURE_SPIKE.failed}
      and not exists (
        select 1 from notifications s
        where s.merchant_id = c.merchant_id and s.kind = 'failureSpike'
          and s.created_at > ${when}::timestamptz - make_interval(mins => ${FAILURE_SPIKE.quietMinutes}))
    on conflict do nothing
    returning id`;
}
