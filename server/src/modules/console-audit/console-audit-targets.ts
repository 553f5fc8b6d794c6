import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { attributes, merchants, priceLists, productSkus, products, users } from "../../db/schema";
import { translator } from "../../lib/i18n";
import { auditEvents } from "../audit/audit.schema";
import { staffRoles, staffUsers } from "../console/staff.schema";
import { receivingBankAccounts } from "../deposit/deposit.schema";
import { supplierAccounts } from "../supplier/supplier.schema";

/**
 * What an audit entry acted on, by name rather than by id: each kind of target is joined by the id the entry
 * keeps (a user's or staff member's id, a merchant's number, a supplier's or product's code, `<product>/<sku>`
 * codes…), each join on its table's key, so a page of entries costs a lookup per entry and kind. A target since
 * deleted, or a kind named by its id already (an order, a deposit, a category), has no name here.
 */
const targetMerchants = alias(merchants, "target_merchants");
const kind = (name: string) => eq(auditEvents.targetKind, name);
/** The target's id as a number for the kinds kept by id (never cast unless it is all digits). */
const numericId = sql<number>`case when ${auditEvents.targetId} ~ '^[0-9]{1,18}$' then ${auditEvents.targetId}::bigint end`;
/** A product's code, for a product and for a SKU (kept as `<product code>/<sku code>`), and the SKU's code. */
const productCode = sql<string>`case ${auditEvents.targetKind} when 'product' then ${auditEvents.targetId} when 'sku' then split_part(${auditEvents.targetId}, '/', 1) end`;
const skuCode = sql<string>`split_part(${auditEvents.targetId}, '/', 2)`;

const columns = {
  event: auditEvents,
  merchantNo: merchants.merchantNo,
  merchantName: merchants.name,
  userName: users.username,
  staffName: staffUsers.name,
  staffUsername: staffUsers.username,
  roleCode: staffRoles.code,
  roleName: staffRoles.name,
  targetMerchantName: targetMerchants.name,
  supplierName: supplierAccounts.name,
  productName: products.name,
  productNameZh: products.nameZh,
  skuSpec: productSkus.spec,
  attributeName: attributes.name,
  attributeNameZh: attributes.nameZh,
  priceListName: priceLists.name,
  bankName: receivingBankAccounts.bankName,
  bankAccountNumber: receivingBankAccounts.accountNumber,
};

/** The entries with their merchant and their target's names; the caller adds the filter, order and page. */
export const auditRows = (deps: AppDeps) =>
  deps.db
    .select(columns)
    .from(auditEvents)
    .leftJoin(merchants, eq(merchants.id, auditEvents.merchantId))
    .leftJoin(users, and(kind("user"), eq(users.id, numericId)))
    .leftJoin(staffUsers, and(kind("staff"), eq(staffUsers.id, numericId)))
    .leftJoin(staffRoles, and(kind("role"), eq(staffRoles.id, numericId)))
    .leftJoin(targetMerchants, and(kind("merchant"), eq(targetMerchants.merchantNo, auditEvents.targetId)))
    .leftJoin(supplierAccounts, and(kind("supplier"), eq(supplierAccounts.code, auditEvents.targetId)))
    .leftJoin(products, eq(products.code, productCode))
    .leftJoin(productSkus, and(kind("sku"), eq(productSkus.productId, products.id), eq(productSkus.code, skuCode)))
    .leftJoin(attributes, and(kind("attribute"), eq(attributes.code, auditEvents.targetId)))
    .leftJoin(priceLists, and(kind("priceList"), eq(priceLists.id, numericId)))
    .leftJoin(receivingBankAccounts, and(kind("bankAccount"), eq(receivingBankAccounts.id, numericId)))
    .$dynamic();

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

const inLanguage = (en: string | null, zh: string | null, language: Language) => (language === "zh-CN" && zh ? zh : en);

/** Each named kind's name in the reader's language (a built-in role is named by its code, translated). */
const namers: Record<string, (row: AuditRow, language: Language) => string | null> = {
  user: (r) => r.userName,
  staff: (r) => r.staffName || r.staffUsername,
  role: (r, language) => (r.roleCode ? translator(language)(`console-roles.${r.roleCode}`) : r.roleName),
  merchant: (r) => r.targetMerchantName,
  supplier: (r) => r.supplierName,
  product: (r, language) => inLanguage(r.productName, r.productNameZh, language),
  sku: (r, language) => r.skuSpec && `${inLanguage(r.productName, r.productNameZh, language)} ${r.skuSpec}`,
  attribute: (r, language) => inLanguage(r.attributeName, r.attributeNameZh, language),
  priceList: (r) => r.priceListName,
  bankAccount: (r) => r.bankName && `${r.bankName} ${r.bankAccountNumber}`,
};

export const targetNameOf = (row: AuditRow, language: Language): string | null =>
  namers[row.event.targetKind]?.(row, language) ?? null;
