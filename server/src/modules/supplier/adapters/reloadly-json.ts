import Big from "big.js";
import { moneyText } from "#contracts";
import type { Money } from "../supplier";

/** Reading Reloadly's JSON: its bodies, its numbers (JSON numbers, turned into decimals without float arithmetic). */

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function idText(value: unknown): string | undefined {
  return (typeof value === "string" && value !== "") || typeof value === "number" ? String(value) : undefined;
}

/** A JSON number (or numeric text) as a decimal: `String(n)` is the shortest text that reads back as n. */
export function big(value: unknown): Big | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  if (value === "" || (typeof value === "number" && !Number.isFinite(value))) return undefined;
  try {
    return new Big(String(value));
  } catch {
    return undefined;
  }
}

export function decimal(value: unknown): string | undefined {
  return big(value)?.toString();
}

export function bigs(value: unknown): Big[] {
  return Array.isArray(value) ? value.map(big).filter((n): n is Big => n !== undefined) : [];
}

/** Money as the answers carry it: at least the cents ("9.8" → "9.80"). */
export const money = (amount: Big, currency: string): Money => ({ amount: moneyText(amount), currency });

/**
 * A decimal as the JSON number Reloadly takes. Exact when the decimal has at most 15 significant digits (money
 * always does); null when it would not read back the same.
 */
export function jsonNumber(value: string): number | null {
  const n = Number(value);
  return Number.isFinite(n) && new Big(String(n)).eq(value) ? n : null;
}

/** Reloadly's page {content, totalPages, last, ...}, or a plain list (an unpaged answer). */
export function rowsOf(body: unknown): Json[] {
  const rows = Array.isArray(body) ? body : asRecord(body)?.content;
  return Array.isArray(rows) ? rows.map(asRecord).filter((row): row is Json => row !== undefined) : [];
}

/** Card numbers and PINs are documented as JSON integers: quote them before they lose digits past 2^53. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body.replace(/("(?:cardNumber|pinCode)"\s*:\s*)(-?\d[\d.eE+-]*)/g, '$1"$2"'));
  } catch {
    return undefined;
  }
}

/** Reloadly writes times as "2021-12-06 08:13:39", in UTC. */
export function reloadlyTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

export function parseReloadlyTime(value: unknown): Date | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value)) return undefined;
  const date = new Date(`${value.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Reloadly's error body: {timeStamp, message, path, errorCode, infoLink, details}; Spring's own 404/500 lack
 * errorCode.
 */
export function reloadlyError(body: unknown): { message: string; errorCode: string | null } | null {
  const record = asRecord(body);
  if (typeof record?.message !== "string" || !("errorCode" in record)) return null;
  return { message: record.message, errorCode: typeof record.errorCode === "string" ? record.errorCode : null };
}

export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
