import Big from "big.js";
import { DEFAULT_LANGUAGE, type Language } from "./language";
import type { MessageParam, MessageRef } from "./order";

/**
 * How values read, written once for the list pages (browser) and the export files and messages (server), so a
 * sheet says exactly what the page said.
 */

/**
 * Formats a number to exactly `decimals` places, padding with zeros; an exact half rounds away from zero
 * (1.005 -> "1.01", -2.5 -> "-3"), as spec §2.3 asks of money. The value goes through its decimal string, never
 * float arithmetic, so 1.005 is rounded as the 1.005 people typed rather than the 1.00499... a double stores.
 * Throws a RangeError for anything that is not a finite decimal (money must never silently show as 0).
 */
export function formatDecimal(value: number | string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be a whole number: ${decimals}`);
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  let amount: Big;
  try {
    amount = new Big(String(value).trim());
  } catch {
    throw new RangeError(`not a decimal number: ${String(value)}`);
  }
  const fixed = amount.toFixed(decimals, Big.roundHalfUp);
  // Big keeps the sign of a value that rounds to zero ("-0.00"); nobody wants to read a negative zero.
  return /^-0(\.0+)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

export type DurationKey = "underOneSecond" | "seconds" | "minutes" | "hours";

/**
 * A duration as a message key and its parts, for `t("order.duration.<key>", params)`: 45 -> 45s, 65 -> 1m 05s,
 * 3725 -> 1h 02m 05s (minutes and seconds padded after a larger unit). Fractions are cut, not rounded up, so a
 * duration is never shown longer than it was; a positive duration under a second says so rather than "0s".
 */
export function durationParts(seconds: number): { key: DurationKey; params: Record<string, string> } {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`not a duration: ${seconds}`);
  if (seconds > 0 && seconds < 1) return { key: "underOneSecond", params: {} };
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return { key: "hours", params: { h: String(h), m: pad(m), s: pad(s) } };
  if (m > 0) return { key: "minutes", params: { m: String(m), s: pad(s) } };
  return { key: "seconds", params: { s: String(s) } };
}

/** Any translate function (i18next's `t`, react-i18next's, a cached one). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A message reference (a key, or a key with parameters) in the caller's language. `language` is `t`'s language:
 * parameters in both languages (a field's label) and nested messages are resolved in it.
 */
export function translateMessage(t: Translate, message: MessageRef, language: Language = DEFAULT_LANGUAGE): string {
  return typeof message === "string" ? t(message) : t(message.key, resolveParams(t, message.params, language));
}

/** Message parameters as plain values in `language`: texts in both languages picked, nested messages translated. */
export function resolveParams(
  t: Translate,
  params: Readonly<Record<string, MessageParam>>,
  language: Language = DEFAULT_LANGUAGE,
): Record<string, string | number> {
  const resolved: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    resolved[name] =
      typeof value !== "object" ? value : "key" in value ? translateMessage(t, value, language) : value[language];
  return resolved;
}

/**
 * Sentences of ours that the server keeps in text columns (an order's failure reason, a timeline event, a ledger
 * remark) are stored as a message key, with its parameters as JSON after a space, so each reader gets them in their
 * own language. Words people typed (a hand adjustment's remark, a supplier's error) are stored and shown as they are.
 */
const STORED_KEY =
  /^((?:orderFailure|ledger\.remarks|delivery\.tryFailures|notification\.messages)\.[\w.]+)(?: (\{.*\}))?$/s;

export function storedMessage(message: MessageRef): string {
  return typeof message === "string" ? message : `${message.key} ${JSON.stringify(message.params)}`;
}

/** A stored text in the reader's language: our own sentences translated, anything else as it was written. */
export function readStoredText(t: Translate, text: string): string {
  const match = STORED_KEY.exec(text);
  if (!match?.[1]) return text;
  if (!match[2]) return t(match[1]);
  try {
    return t(match[1], JSON.parse(match[2]) as Record<string, unknown>);
  } catch {
    return text;
  }
}
