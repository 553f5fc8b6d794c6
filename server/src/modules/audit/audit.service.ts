import type { AuditAction, AuditActorKind } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import type { AuthContext, Client } from "../auth/auth-context";
import { auditEvents } from "./audit.schema";

/** The acting side of an entry: who, and from where. */
export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  name: string;
  clientIp: string;
  userAgent: string;
}

/** A merchant's signed-in user, acting through the portal from the address the call came from. */
export const userActor = (auth: Pick<AuthContext, "userId" | "username" | "client">): AuditActor => ({
  kind: "merchantUser",
  id: auth.userId,
  name: auth.username,
  clientIp: auth.client.ip,
  userAgent: auth.client.userAgent.slice(0, 300),
});

/** A member of the reseller's staff, acting through the console. */
export const staffActor = (staff: { staffId: number; username: string; client: Client }): AuditActor => ({
  kind: "staff",
  id: staff.staffId,
  name: staff.username,
  clientIp: staff.client.ip,
  userAgent: staff.client.userAgent.slice(0, 300),
});

/**
 * The reseller's operator at the CLI, named by the account that ran it (OPERATOR_NAME, else the system user), so
 * the log says who approved a deposit even before staff accounts exist.
 */
export const operatorActor = (name: string): AuditActor => ({
  kind: "operator",
  id: null,
  name,
  clientIp: "",
  userAgent: "operator CLI",
});

/** The server itself (the demo seed, a worker). */
export const systemActor: AuditActor = { kind: "system", id: null, name: "system", clientIp: "", userAgent: "" };

export interface AuditEntry {
  actor: AuditActor;
  merchantId: number | null;
  action: AuditAction;
  target: { kind: string; id: string | number };
  /** The state before and after, without secrets (a key's hint, never the key). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends an entry. `tx` is the transaction of the change it records: an entry is never written for a change
 * that did not happen, and no change commits without its entry.
 */
export async function recordAudit(deps: AppDeps, tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    at: deps.clock.now(),
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    merchantId: entry.merchantId,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: String(entry.target.id),
    clientIp: entry.actor.clientIp,
    userAgent: entry.actor.userAgent,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
