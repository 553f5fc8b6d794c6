import type { OpenApiErrorCode } from "#contracts";
import { AppError } from "../../lib/errors";

/** A refusal of the Open API with its machine-readable code (`data.errorCode`) beside the translated sentence. */
export class OpenApiError extends AppError {
  declare readonly errorCode: OpenApiErrorCode;
  constructor(
    status: number,
    errorCode: OpenApiErrorCode,
    key: string,
    params: Record<string, string | number> = {},
    headers: Record<string, string> = {},
  ) {
    super(status, key, params, undefined, headers, errorCode);
  }
}

/** Failures shared with the portal (order placement, look-ups) keep their sentence and get a code by their key. */
const codeByKey: Record<string, OpenApiErrorCode> = {
  "errors.insufficientBalance": "INSUFFICIENT_BALANCE",
  "errors.merchantOrderNoConflict": "ORDER_CONFLICT",
  "errors.productNotFound": "PRODUCT_UNAVAILABLE",
  "errors.productDisabled": "PRODUCT_UNAVAILABLE",
  "errors.skuNotFound": "PRODUCT_UNAVAILABLE",
  "errors.skuNotOrderable": "PRODUCT_UNAVAILABLE",
  "errors.merchantDisabled": "MERCHANT_DISABLED",
  "errors.orderNotFound": "NOT_FOUND",
};

const codeByStatus: Record<number, OpenApiErrorCode> = {
  401: "INVALID_SIGNATURE",
  404: "NOT_FOUND",
  409: "ORDER_CONFLICT",
  429: "RATE_LIMITED",
};

export function openApiErrorCode(error: unknown, status: number): OpenApiErrorCode {
  if (error instanceof OpenApiError) return error.errorCode;
  if (error instanceof AppError && codeByKey[error.key]) return codeByKey[error.key] as OpenApiErrorCode;
  if (status >= 500) return "INTERNAL_ERROR";
  return codeByStatus[status] ?? "INVALID_REQUEST";
}
