import { type OpenApiErrorCode, openApiErrorStatus } from "./openapi";

interface RuleBase {
  /** The HTTP status, which is also the envelope's `code`. */
  status: number;
  /** The sentence's key in `locales/` (namespace `errors` unless the key names another). */
  message: string;
  /** The form field it belongs to: the browser shows the sentence there as well as in the toast. */
  field?: string;
  /** `data.errorCode` for every caller: a stable name programs branch on (the browser's MFA gate, scripts). */
  code?: string;
}

/**
 * The Open API's code when it differs from what the status implies (see `openApiCodeOf`): only a code whose
 * declared status (`openApiErrorStatus`) is the rule's own, so that one code never comes with two statuses.
 */
type OpenApiRule = {
  [C in OpenApiErrorCode]: { status: (typeof openApiErrorStatus)[C]; openApi: C };
}[OpenApiErrorCode];

/** How one expected failure reaches its callers. */
export type FailureRule = RuleBase & ({ openApi?: undefined } | OpenApiRule);

/**
 * Every expected failure of the server, by name, declared once. Services throw `fail("insufficientBalance", …)`
 * and never an HTTP status; the portal envelope, the Open API and the operator CLI render a failure from its rule
 * here. Anything thrown that is not a failure is a 500 whose details go only to the log.
 */
export const failures = {
  // ---- any call ----
  notFound: { status: 404, message: "errors.notFound" },
  validationFailed: { status: 400, message: "validation.failed" },
  unsupportedMediaType: { status: 415, message: "errors.unsupportedMediaType", openApi: "UNSUPPORTED_MEDIA_TYPE" },
  badJson: { status: 400, message: "errors.badJson", openApi: "INVALID_REQUEST" },

  // ---- who is calling ----
  unauthenticated: { status: 401, message: "errors.unauthenticated" },
  forbidden: { status: 403, message: "errors.forbidden" },
  /** Until MFA is bound a session may only bind it (or leave). */
  mfaRequired: { status: 403, message: "errors.mfaRequired", code: "MFA_REQUIRED" },
  /** A call that changes who has access needs the caller's current code (`X-MFA-Code`). */
  stepUpRequired: { status: 403, message: "errors.stepUpRequired", code: "STEP_UP_REQUIRED" },
  invalidCredentials: { status: 400, message: "errors.invalidCredentials" },
  userDisabled: { status: 403, message: "errors.userDisabled" },
  merchantDisabled: { status: 403, message: "errors.merchantDisabled", openApi: "MERCHANT_DISABLED" },
  loginThrottled: { status: 429, message: "errors.loginThrottled" },
  captchaRequired: { status: 400, message: "errors.captchaRequired", field: "captcha" },
  captchaFormat: { status: 400, message: "validation.captchaFormat", field: "captcha" },
  captchaInvalid: { status: 400, message: "errors.captchaInvalid", field: "captcha" },
  captchaReused: { status: 400, message: "errors.captchaReused", field: "captcha" },
  mfaAlreadyBound: { status: 409, message: "errors.mfaAlreadyBound" },
  mfaNotBound: { status: 409, message: "errors.mfaNotBound" },
  /** A reset of MFA (a member's, a staff member's) for an account that has bound none: nothing to reset. */
  mfaResetNotBound: { status: 409, message: "errors.mfaResetNotBound" },
  mfaKeyUnknown: { status: 400, message: "errors.mfaKeyUnknown", field: "mfaKey" },
  oldPasswordWrong: { status: 400, message: "errors.oldPasswordWrong", field: "oldPassword" },
  passwordUnchanged: { status: 400, message: "errors.passwordUnchanged", field: "newPassword" },

  // ---- Open API signatures ----
  missingHeaders: { status: 401, message: "openapi.missingHeaders", openApi: "MISSING_HEADERS" },
  unknownAppId: { status: 401, message: "openapi.unknownAppId", openApi: "UNKNOWN_APP_ID" },
  ipNotAllowed: { status: 403, message: "openapi.ipNotAllowed", openApi: "IP_NOT_ALLOWED" },
  timestampExpired: { status: 401, message: "openapi.timestampExpired", openApi: "TIMESTAMP_EXPIRED" },
  invalidSignature: { status: 401, message: "openapi.invalidSignature", openApi: "INVALID_SIGNATURE" },
  nonceReused: { status: 401, message: "openapi.nonceReused", openApi: "NONCE_REUSED" },
  secretMissing: { status: 401, message: "openapi.secretMissing", openApi: "KEY_NOT_CONFIGURED" },
  publicKeyMissing: { status: 401, message: "openapi.publicKeyMissing", openApi: "KEY_NOT_CONFIGURED" },
  rateLimited: { status: 429, message: "openapi.rateLimited", openApi: "RATE_LIMITED" },
  authThrottled: { status: 429, message: "openapi.authThrottled", openApi: "RATE_LIMITED" },

  // ---- members ----
  memberNotFound: { status: 404, message: "member.errors.notFound" },
  usernameTaken: { status: 409, message: "member.errors.usernameTaken", field: "username" },
  lastAdmin: { status: 409, message: "member.errors.lastAdmin" },
  selfDemote: { status: 403, message: "member.errors.selfDemote" },
  selfDisable: { status: 403, message: "member.errors.selfDisable" },
  selfResetMfa: { status: 403, message: "member.errors.selfResetMfa" },
  selfResetPassword: { status: 403, message: "member.errors.selfResetPassword" },
  selfDelete: { status: 403, message: "member.errors.selfDelete" },

  // ---- the console's staff and roles ----
  staffNotFound: { status: 404, message: "console.errors.staffNotFound" },
  staffUsernameTaken: { status: 409, message: "console.errors.usernameTaken", field: "username" },
  roleNotFound: { status: 404, message: "console.errors.roleNotFound" },
  roleNameTaken: { status: 409, message: "console.errors.roleNameTaken", field: "name" },
  roleBuiltIn: { status: 409, message: "console.errors.roleBuiltIn" },
  roleInUse: { status: 409, message: "console.errors.roleInUse" },
  lastSuperAdmin: { status: 409, message: "console.errors.lastSuperAdmin" },
  selfDisableStaff: { status: 403, message: "console.errors.selfDisable" },
  selfResetStaff: { status: 403, message: "console.errors.selfReset" },
  adjustmentNotFound: { status: 404, message: "console.errors.adjustmentNotFound" },
  blockedAccountTaken: { status: 409, message: "console.errors.blockedAccountTaken", field: "account" },
  blockedAccountNotFound: { status: 404, message: "console.errors.blockedAccountNotFound" },
  paymentGatewayTaken: { status: 409, message: "console.errors.paymentGatewayTaken", field: "name" },
  paymentGatewayNotFound: { status: 404, message: "console.errors.paymentGatewayNotFound" },
  paymentGatewayUnknown: { status: 400, message: "errors.paymentGatewayUnknown", field: "paymentGateway" },
  // ---- suppliers and routes ----
  supplierNotFound: { status: 404, message: "console.errors.supplierNotFound" },
  supplierCodeTaken: { status: 409, message: "console.errors.supplierCodeTaken", field: "code" },
  supplierKindFixed: { status: 409, message: "console.errors.supplierKindFixed", field: "kind" },
  routeSkuNotFound: { status: 404, message: "console.errors.routeSkuNotFound" },
  reconciliationNotFound: { status: 404, message: "console.errors.reconciliationNotFound" },
  discrepancyNotFound: { status: 404, message: "console.errors.discrepancyNotFound" },
  discrepancyResolved: { status: 409, message: "console.errors.discrepancyResolved" },
  /** The simulator is stateless: it keeps no report of what it did. */
  reconciliationUnsupported: { status: 409, message: "console.errors.reconciliationUnsupported" },
  adjustmentDecided: { status: 409, message: "console.errors.adjustmentDecided" },
  fourEyesSameStaff: { status: 403, message: "console.errors.fourEyesSameStaff" },

  // ---- catalog ----
  categoryNotFound: { status: 404, message: "console.errors.categoryNotFound" },
  brandNotFound: { status: 404, message: "console.errors.brandNotFound" },
  attributeNotFound: { status: 404, message: "console.errors.attributeNotFound" },
  categoryNameTaken: { status: 409, message: "console.errors.categoryNameTaken", field: "name" },
  brandNameTaken: { status: 409, message: "console.errors.brandNameTaken", field: "name" },
  attributeCodeTaken: { status: 409, message: "console.errors.attributeCodeTaken", field: "code" },
  /** Products in the bin count: restoring one must find what it was described by. */
  categoryInUse: { status: 409, message: "console.errors.categoryInUse" },
  brandInUse: { status: 409, message: "console.errors.brandInUse" },
  attributeInUse: { status: 409, message: "console.errors.attributeInUse" },
  attributeCodeFixed: { status: 409, message: "console.errors.attributeCodeFixed", field: "code" },
  productCodeTaken: { status: 409, message: "console.errors.productCodeTaken", field: "code" },
  productCodeFixed: { status: 409, message: "console.errors.productCodeFixed", field: "code" },
  binEntryNotFound: { status: 404, message: "console.errors.binEntryNotFound" },
  skuProductInBin: { status: 409, message: "console.errors.skuProductInBin" },
  /** Orders keep referring to their product and SKU: what they name is never deleted for real. */
  purgeReferenced: { status: 409, message: "console.errors.purgeReferenced" },

  // ---- prices ----
  priceListNotFound: { status: 404, message: "console.errors.priceListNotFound" },
  priceListNameTaken: { status: 409, message: "console.errors.priceListNameTaken", field: "name" },
  /** Its prices are amounts in it, and its merchants' balances are in it too. */
  priceListCurrencyFixed: { status: 409, message: "console.errors.priceListCurrencyFixed", field: "currency" },
  /** A past moment would rewrite prices that orders were already placed at. */
  priceEffectivePast: { status: 400, message: "console.errors.priceEffectivePast", field: "effectiveAt" },
  priceChangeNothing: { status: 409, message: "console.errors.priceChangeNothing" },
  priceChangeNotFound: { status: 404, message: "console.errors.priceChangeNotFound" },
  priceChangeNotScheduled: { status: 409, message: "console.errors.priceChangeNotScheduled" },
  /** The list an assignment names. */
  assignedPriceListNotFound: { status: 404, message: "console.errors.priceListNotFound", field: "priceListId" },
  /** A merchant pays in its balance currency: a list in another one would charge it the wrong amounts. */
  priceListCurrencyMismatch: {
    status: 409,
    message: "console.errors.priceListCurrencyMismatch",
    field: "priceListId",
  },
  priceSkuNotFound: { status: 404, message: "console.errors.routeSkuNotFound" },
  priceOverrideNotFound: { status: 404, message: "console.errors.priceOverrideNotFound" },

  // ---- products and orders ----
  productNotFound: { status: 404, message: "errors.productNotFound", openApi: "PRODUCT_NOT_FOUND" },
  /** The product an order names: said on the order form's product field. */
  orderedProductNotFound: {
    status: 404,
    message: "errors.productNotFound",
    field: "productId",
    openApi: "PRODUCT_NOT_FOUND",
  },
  productDisabled: {
    status: 409,
    message: "errors.productDisabled",
    field: "productId",
    openApi: "PRODUCT_UNAVAILABLE",
  },
  skuNotFound: { status: 404, message: "errors.skuNotFound", field: "skuId", openApi: "PRODUCT_NOT_FOUND" },
  skuNotOrderable: {
    status: 409,
    message: "errors.skuNotOrderable",
    field: "skuId",
    openApi: "PRODUCT_UNAVAILABLE",
  },
  insufficientBalance: { status: 422, message: "errors.insufficientBalance", openApi: "INSUFFICIENT_BALANCE" },
  // Risk rules (issue 16): refused before anything is written, each with a stable code of its own.
  riskBlockedAccount: {
    status: 422,
    message: "errors.riskBlockedAccount",
    code: "ACCOUNT_BLOCKED",
    openApi: "ACCOUNT_BLOCKED",
  },
  riskDailyAmount: {
    status: 422,
    message: "errors.riskDailyAmount",
    code: "DAILY_LIMIT_EXCEEDED",
    openApi: "DAILY_LIMIT_EXCEEDED",
  },
  riskDailyCount: {
    status: 422,
    message: "errors.riskDailyCount",
    code: "DAILY_LIMIT_EXCEEDED",
    openApi: "DAILY_LIMIT_EXCEEDED",
  },
  riskVelocity: {
    status: 422,
    message: "errors.riskVelocity",
    code: "VELOCITY_LIMIT_EXCEEDED",
    openApi: "VELOCITY_LIMIT_EXCEEDED",
  },
  riskCooling: {
    status: 422,
    message: "errors.riskCooling",
    code: "NEW_MERCHANT_RESTRICTED",
    openApi: "NEW_MERCHANT_RESTRICTED",
  },
  merchantOrderNoConflict: { status: 409, message: "errors.merchantOrderNoConflict", openApi: "ORDER_CONFLICT" },
  orderNotFound: { status: 404, message: "errors.orderNotFound" },
  orderNotProcessing: { status: 409, message: "console.errors.orderNotProcessing" },
  batchNotFound: { status: 404, message: "errors.batchNotFound" },
  noCards: { status: 409, message: "errors.noCards" },

  // ---- funds ----
  depositReferenceTaken: { status: 409, message: "errors.depositReferenceTaken", field: "referenceNo" },
  proofFileNotFound: { status: 400, message: "errors.proofFileNotFound", field: "proofFileId" },

  // ---- uploads ----
  uploadMissing: { status: 400, message: "errors.uploadMissing" },
  uploadMalformed: { status: 400, message: "errors.uploadMalformed", field: "file" },
  uploadEmpty: { status: 400, message: "errors.uploadEmpty" },
  uploadType: { status: 400, message: "errors.uploadType" },
  uploadTooLarge: { status: 413, message: "errors.uploadTooLarge" },
  fileNotFound: { status: 404, message: "errors.fileNotFound" },
  /** The server's own trouble (a full disk), said plainly; the cause goes to the log. */
  storageUnwritable: { status: 507, message: "errors.storageUnwritable" },
  /**
   * Any change the disk had no room for (the database's disk_full, ENOSPC, or the embedded database's reserve
   * reached: plugins/storage-guard.ts): nothing was written, trying again once space returns works.
   */
  storageFull: { status: 503, message: "errors.storageFull", code: "STORAGE_FULL" },

  // ---- exports and deliveries ----
  exportTaskNotFound: { status: 404, message: "errors.exportTaskNotFound" },
  exportTaskNotTerminable: { status: 409, message: "errors.exportTaskNotTerminable" },
  exportTooMany: { status: 409, message: "export-task.errors.tooMany" },
  exportNotCompleted: { status: 409, message: "export-task.errors.notCompleted" },
  exportFileGone: { status: 404, message: "export-task.errors.fileGone" },
  deliveryNotFound: { status: 404, message: "delivery.errors.notFound" },
  /** "Send a test callback" needs somewhere to send it. */
  callbackUrlMissing: { status: 409, message: "delivery.errors.noCallbackUrl", field: "callbackUrl" },
  notificationNotFound: { status: 404, message: "notification.errors.notFound" },

  // ---- the reseller's own staff (operator CLI): deposits, balance adjustments, catalogs ----
  merchantNotFound: { status: 404, message: "errors.merchantNotFound", field: "merchantNo" },
  auditActionUnknown: { status: 400, message: "errors.auditActionUnknown", field: "action" },
  auditLimitRange: { status: 400, message: "errors.auditLimitRange", field: "limit" },
  depositNotFound: { status: 404, message: "deposit.errors.notFound", field: "depositNo" },
  depositAlreadyApproved: { status: 409, message: "deposit.errors.alreadyApproved" },
  depositAlreadyRejected: { status: 409, message: "deposit.errors.alreadyRejected" },
  depositStatusUnknown: { status: 400, message: "deposit.errors.statusUnknown", field: "status" },
  settledCurrencyFormat: { status: 400, message: "deposit.errors.settledCurrencyFormat", field: "settledCurrency" },
  settledCurrencyMismatch: { status: 400, message: "deposit.errors.currencyMismatch", field: "settledCurrency" },
  exchangeRateFormat: { status: 400, message: "deposit.errors.rateFormat", field: "rate" },
  settledAmountTooLarge: { status: 400, message: "deposit.errors.settledTooLarge", field: "rate" },
  settledAmountZero: { status: 400, message: "deposit.errors.settledZero", field: "rate" },
  rejectReasonRequired: { status: 400, message: "deposit.errors.reasonRequired", field: "reason" },
  adjustmentType: { status: 400, message: "ledger.errors.adjustmentType", field: "type" },
  adjustmentRemarkRequired: { status: 400, message: "ledger.errors.remarkRequired", field: "remark" },
  adjustmentAmountFormat: { status: 400, message: "ledger.errors.amountFormat", field: "amount" },
  adjustmentAmountZero: { status: 400, message: "ledger.errors.amountZero", field: "amount" },
  /** The ledger never goes below zero: the change is refused and nothing is written. */
  balanceBelowZero: { status: 409, message: "ledger.errors.belowZero" },
  catalogUnreadable: { status: 400, message: "product.errors.catalogUnreadable" },
  catalogNotJson: { status: 400, message: "product.errors.catalogNotJson" },
  catalogInvalid: { status: 400, message: "product.errors.catalogInvalid" },
  productCodeNotFound: { status: 404, message: "product.errors.productCodeNotFound", field: "productCode" },
  skuCodeNotFound: { status: 404, message: "product.errors.skuCodeNotFound", field: "skuCode" },
  bankAccountFieldRequired: { status: 400, message: "deposit.errors.bankAccountFieldRequired" },
  bankAccountCurrencyFormat: { status: 400, message: "deposit.errors.bankAccountCurrency", field: "currency" },
  bankAccountNotFound: { status: 404, message: "deposit.errors.bankAccountNotFound", field: "id" },
} as const satisfies Record<string, FailureRule>;

export type FailureName = keyof typeof failures;

/**
 * The Open API's `data.errorCode` for a status with no code of the failure's own behind it (Fastify's own
 * refusals, the portal's generic failures): the codes that stand for their status, keyed by their declared one.
 */
const openApiCodeByStatus = new Map<number, OpenApiErrorCode>(
  (
    [
      "INVALID_REQUEST",
      "INVALID_SIGNATURE",
      "NOT_FOUND",
      "ORDER_CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "RATE_LIMITED",
      "INTERNAL_ERROR",
      "OVERLOADED",
    ] as const
  ).map((code) => [openApiErrorStatus[code], code]),
);

/**
 * What an Open API caller reads in `data.errorCode`: the failure's own code, else the one its status implies,
 * else the generic one of its class (`INVALID_REQUEST` for a 4xx, `INTERNAL_ERROR` for a 5xx). The answer goes out
 * with the code's declared status (`openApiErrorStatus`), which is the given one except for a status no code
 * stands for: a code never comes with two statuses.
 */
export function openApiCodeOf(status: number, rule?: FailureRule): OpenApiErrorCode {
  if (rule?.openApi && openApiErrorStatus[rule.openApi] === status) return rule.openApi;
  return openApiCodeByStatus.get(status) ?? (status >= 500 ? "INTERNAL_ERROR" : "INVALID_REQUEST");
}
