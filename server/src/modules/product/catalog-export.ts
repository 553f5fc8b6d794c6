import { and, asc, desc, inArray, isNull } from "drizzle-orm";
import { editableProductFields, editableSkuFields } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { productSkus, products } from "../../db/schema";
import { type AuditActor, recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { type CatalogFile, type ImportReport, importCatalog } from "./catalog-import";

/**
 * The live catalog as the import file (docs/catalog-import.md): importing what was exported changes nothing, so
 * staff edit a catalog in bulk by exporting, editing and importing. What is in the recycle bin is not exported
 * (an import leaves it there). Categories, brands and attributes are not part of the file.
 */
export async function exportCatalog(deps: AppDeps): Promise<{ products: CatalogFile["products"] }> {
  const rows = await deps.db
    .select()
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(desc(products.sort), asc(products.id));
  const skus = rows.length
    ? await deps.db
        .select()
        .from(productSkus)
        .where(
          and(
            inArray(
              productSkus.productId,
              rows.map((p) => p.id),
            ),
            isNull(productSkus.deletedAt),
          ),
        )
        .orderBy(desc(productSkus.sort), asc(productSkus.id))
    : [];
  return {
    products: rows.map((p) => ({
      ...editableProductFields(p),
      type: p.type as 1 | 2 | 3,
      fields: p.fields as CatalogFile["products"][number]["fields"],
      skus: skus.filter((s) => s.productId === p.id).map(editableSkuFields),
    })),
  };
}

/** The catalog import, audited in its transaction under whoever ran it (a staff member, or the operator's CLI). */
export function importCatalogAudited(deps: AppDeps, actor: AuditActor, file: unknown): Promise<ImportReport> {
  return importCatalog(deps, file, (tx, report, codes) =>
    recordAudit(deps, tx, {
      actor,
      merchantId: null,
      action: "catalog.imported",
      target: { kind: "catalog", id: "import" },
      // The report, and which products the file named (the first hundred: an entry stays small).
      after: { ...report, codes: codes.slice(0, 100), ...(codes.length > 100 && { more: codes.length - 100 }) },
    }),
  );
}

export const importCatalogDocument = (deps: AppDeps, staff: StaffContext, file: unknown) =>
  importCatalogAudited(deps, staffActor(staff), file);
