import { type HttpError, useCustom } from "@refinedev/core";
import type { TablePaginationConfig } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CallDeclaration, Page } from "#contracts";
import { customCall } from "../providers/api-call";
import { DEFAULT_LIST_PAGE_SIZE, listPagination, useLoadFailure } from "./list-page";

/**
 * A paged list read with its own call, for the lists that are not a Refine resource (a tab, a drawer's section,
 * a list under a record): the page, the search it is filtered by (a new search goes back to page 1), its load
 * failure said in words (`loadFailed`, a message key), and the table's pagination.
 */
export function usePagedCall<T, S extends object = Record<string, unknown>>(
  call: CallDeclaration,
  options: { params?: object; query?: object; loadFailed?: string } = {},
) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: DEFAULT_LIST_PAGE_SIZE });
  const [search, setSearch] = useState<Partial<S>>({});
  const { query } = useCustom<Page<T>, HttpError>({
    ...customCall(call, options.params),
    config: { query: { ...options.query, ...paging, ...search } },
    // A failure is already said by the http client (and here, in words); retrying would say it again.
    queryOptions: { retry: false },
  });
  useLoadFailure(options.loadFailed ? query.error : null, options.loadFailed ?? "");
  const page = query.data?.data;
  const pagination: TablePaginationConfig | false | undefined = listPagination(
    {
      current: paging.pageNum,
      pageSize: paging.pageSize,
      total: page?.total ?? 0,
      onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
    },
    t,
  );
  return {
    query,
    rows: page?.list ?? [],
    pagination,
    search,
    /** Filters the list anew, from its first page. */
    searchFor: (next: Partial<S>) => {
      setSearch(next);
      setPaging((p) => ({ ...p, pageNum: 1 }));
    },
  };
}
