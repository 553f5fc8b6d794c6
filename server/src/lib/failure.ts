import { type FailureName, type FailureRule, failures, type MessageRef } from "#contracts";

type Params = Record<string, string | number>;

/**
 * An expected failure, by its name in the contracts' `failures` table: services say what went wrong, the table
 * says how each caller hears it (status, sentence, field, code). Anything thrown that is not one is a 500.
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
    super(failure, { cause: details.cause });
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
