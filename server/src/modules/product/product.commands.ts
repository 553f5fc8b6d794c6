import type { Commands } from "../module";
import { importCatalogAudited } from "./catalog-export";
import { readCatalogFile, removePrice, setPrice } from "./catalog-import";
import { listCatalog, listPrices } from "./catalog-listing";

/** Operator commands: the catalog and each merchant's prices. */
export const productCommands: Commands = {
  "catalog:import": {
    summary: "Create or update products, their SKUs and order fields from a JSON file (docs/catalog-import.md)",
    usage: "catalog:import --file <catalog.json>",
    options: { file: { type: "string", description: "the catalog file", required: true, path: true } },
    async run(deps, v, out, operator) {
      const r = await importCatalogAudited(deps, operator, readCatalogFile(String(v.file)));
      out(
        `Products: ${r.products.created} created, ${r.products.updated} updated. ` +
          `SKUs: ${r.skus.created} created, ${r.skus.updated} updated, ${r.skus.disabled} disabled (missing from the file).`,
      );
    },
  },
  "product:list": {
    summary: "List the catalog's products",
    usage: "product:list",
    options: {},
    async run(deps, _v, out) {
      const types: Record<number, string> = { 1: "topup", 2: "login-topup", 3: "gift-card" };
      const rows = await listCatalog(deps);
      for (const p of rows) {
        out(`${p.code}\t${types[p.type]}\t${p.status}\t${p.enabledSkus}/${p.skus} SKUs enabled\t${p.name}`);
      }
      if (rows.length === 0) out("No products yet (import some with catalog:import).");
    },
  },
  "price:set": {
    summary: "Set a merchant's order price of a SKU, in the merchant's balance currency",
    usage: "price:set --merchant <M100001> --product <code> --sku <code> --price <9.50>",
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      product: { type: "string", description: "product code", required: true },
      sku: { type: "string", description: "SKU code within the product", required: true },
      price: { type: "string", description: "price above 0, at most 4 decimal places", required: true },
    },
    async run(deps, v, out) {
      const p = await setPrice(deps, {
        merchantNo: String(v.merchant),
        productCode: String(v.product),
        skuCode: String(v.sku),
        price: String(v.price),
      });
      out(`${p.merchantNo} pays ${p.price} ${p.currency} for ${p.productCode} / ${p.skuCode}`);
    },
  },
  "price:remove": {
    summary: "Remove a merchant's price of a SKU (the merchant can no longer order it)",
    usage: "price:remove --merchant <M100001> --product <code> --sku <code>",
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      product: { type: "string", description: "product code", required: true },
      sku: { type: "string", description: "SKU code within the product", required: true },
    },
    async run(deps, v, out) {
      const target = { merchantNo: String(v.merchant), productCode: String(v.product), skuCode: String(v.sku) };
      const removed = await removePrice(deps, target);
      const sku = `${target.productCode} / ${target.skuCode}`;
      out(
        removed
          ? `Removed ${target.merchantNo}'s price for ${sku}; it can no longer order it`
          : `${target.merchantNo} had no price for ${sku}; nothing removed`,
      );
    },
  },
  "price:list": {
    summary: "List every SKU with a merchant's price (or 'not priced')",
    usage: "price:list --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v, out) {
      const { currency, rows } = await listPrices(deps, String(v.merchant));
      for (const r of rows) {
        const price = r.price === null ? "not priced" : `${r.price} ${currency}`;
        const off = r.productStatus === "disabled" || r.skuStatus === "disabled" ? "\t(disabled)" : "";
        out(`${r.productCode}\t${r.skuCode}\t${r.spec}\t${r.faceValue} ${r.faceCurrency}\t${price}${off}`);
      }
      if (rows.length === 0) out("No products yet (import some with catalog:import).");
    },
  },
};
