import {
  type FailureName,
  type FailureRule,
  failures,
  type MessageParam,
  type MessageRef,
  resolveParams,
  translateMessage,
} from "#contracts";
import { translator } from "./i18n";

/** A parameter may be a text in both languages or a message: the caller's language is picked where it is shown. */
type Params = Record<string, MessageParam>;

const english = translator("en-US");
const sentence = (m: MessageRef) => translateMessage(english, m, "en-US");

/**
 * An expected failure, by its name in the contracts' `failures` table: services say what went wrong, the table
 * says how each caller hears it (status, sentence, field, code). Anything thrown that is not one is a 500.
 * Its `message` is the English sentence (one line per field when there are several): what the operator CLI
 * prints and a log shows; HTTP callers get theirs translated.
 */
export class Failure extends Error {
  constructor(
    readonly failure: FailureName,
    readonly params: Params = {},
    readonly details: {
      /** Sentences per form field, for failures about several fields at once (`invalid`). */
      fields?: Record<string, MessageRef>;
      /** When trying again may work (a throttle): callers hear it as `Retry-After`. */
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(
      details.fields
        ? Object.entries(details.fields)
            .map(([field, m]) => `${field}: ${sentence(m)}`)
            .join("\n")
        : english(failures[failure].message, resolveParams(english, params, "en-US")),
      { cause: details.cause },
    );
  }

  get rule(): FailureRule {
    return failures[this.failure];
  }

  /** The sentence as a message reference, for answers that carry several outcomes (batch rows). */
  get messageRef(): MessageRef {
    return { key: this.rule.message, params: this.params };
  }

  /** Sentences per field: the ones given, or the rule's own field with the failure's sentence. */
  get fields(): Record<string, MessageRef> | undefined {
    if (this.details.fields) return this.details.fields;
    return this.rule.field ? { [this.rule.field]: this.messageRef } : undefined;
  }
}

export const fail = (failure: FailureName, params?: Params) => new Failure(failure, params);

/** Several fields are wrong at once (rules the schema cannot express): one sentence per field. */
export const invalid = (fields: Record<string, MessageRef>) => new Failure("validationFailed", {}, { fields });

export const isFailure = (error: unknown, ...names: FailureName[]): error is Failure =>
  error instanceof Failure && (names.length === 0 || names.includes(error.failure));
