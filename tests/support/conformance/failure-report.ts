import type { Exchange } from "./signed-exchange";

/** The kinds of failure, in the order the report lists them. */
export const failureKinds = {
  serverError: "5xx",
  offSchema: "off-schema answer",
  unsigned: "unsigned answer",
  refusedAsMalformed: "conforming request refused as malformed",
  undocumentedRefusal: "conforming request refused with an undocumented status or code",
  accepted: "non-conforming request accepted",
  wrongMessage: "wrong message",
  wrongMethodStatus: "wrong status for a method",
} as const;
export type FailureKind = keyof typeof failureKinds;

interface Group {
  kind: FailureKind;
  operation: string;
  /** What went wrong, without the generated values: the group's key. */
  what: string;
  count: number;
  /** The shortest example seen: the easiest to read and to replay. */
  example: Exchange;
  detail: string;
}

/**
 * Failures grouped by kind, operation and what went wrong, each with its count and one (the shortest) example,
 * so one run reports everything it found instead of stopping at the first.
 */
export class FailureReport {
  private readonly groups = new Map<string, Group>();
  cases = 0;
  calls = 0;
  /** Per operation, how its conforming requests were answered (status: count): what the run reached. */
  private readonly reached = new Map<string, Map<string, number>>();

  answered(operation: string, status: number, errorCode: unknown): void {
    const statuses = this.reached.get(operation) ?? new Map<string, number>();
    const key = errorCode ? `${status} ${errorCode}` : String(status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    this.reached.set(operation, statuses);
  }

  add(kind: FailureKind, operation: string, what: string, example: Exchange, detail = ""): void {
    const key = `${kind}\u0000${operation}\u0000${what}`;
    const group = this.groups.get(key);
    if (!group) {
      this.groups.set(key, { kind, operation, what, count: 1, example, detail });
      return;
    }
    group.count++;
    if (size(example) < size(group.example)) Object.assign(group, { example, detail });
  }

  get failed(): boolean {
    return this.groups.size > 0;
  }

  /** Kinds that failed, with how many groups each: for the summary line. */
  kinds(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const g of this.groups.values()) counts[failureKinds[g.kind]] = (counts[failureKinds[g.kind]] ?? 0) + 1;
    return counts;
  }

  /** Markdown: a section per kind, a line per operation and failure, its example underneath. */
  toMarkdown(title: string): string {
    const lines = [
      `# ${title}`,
      "",
      `${this.cases} cases, ${this.calls} calls, ${this.groups.size} distinct failures.`,
    ];
    lines.push("", "Conforming requests, by answer:", "");
    for (const [operation, statuses] of this.reached) {
      const counts = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ×${n}`);
      lines.push(`- ${operation}: ${counts.join(", ")}`);
    }
    for (const kind of Object.keys(failureKinds) as FailureKind[]) {
      const groups = [...this.groups.values()].filter((g) => g.kind === kind);
      if (groups.length === 0) continue;
      lines.push("", `## ${failureKinds[kind]} (${groups.length})`, "");
      groups.sort((a, b) => a.operation.localeCompare(b.operation) || a.what.localeCompare(b.what));
      for (const g of groups) {
        lines.push(`- **${g.operation}**: ${g.what} (${g.count}×)`);
        lines.push(`  - e.g. \`${describe(g.example)}\`${g.detail ? ` — ${g.detail}` : ""}`);
      }
    }
    return lines.join("\n");
  }
}

const size = (e: Exchange) => e.url.length + e.sent.length;

const clip = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}…` : text);

function describe(e: Exchange): string {
  const sent = e.sent ? ` ${clip(e.sent, 160)}` : "";
  // The broken value is often last: keep both ends of a long address.
  const url = e.url.length > 160 ? `${e.url.slice(0, 90)}…${e.url.slice(-60)} (${e.url.length} characters)` : e.url;
  return `${e.method} ${url}${sent} → ${e.status} ${clip(e.body.replaceAll("`", "'"))}`;
}
