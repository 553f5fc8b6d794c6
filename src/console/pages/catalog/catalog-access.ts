/**
 * Who may do what in the catalog: reading needs catalog:list, each change its own permission. Apart from the
 * page that reads it, so the tabs it hands it to do not import the page back.
 */
export interface CatalogAccess {
  mayCreate: boolean;
  mayEdit: boolean;
  mayDelete: boolean;
}
