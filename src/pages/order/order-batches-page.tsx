import { useCan } from "@refinedev/core";
import { useSearchParams } from "react-router";
import { BatchHistory } from "./batch/batch-history";
import { BatchHistoryResult } from "./batch/batch-history-result";
import { BatchTabs } from "./batch/batch-tabs";

/** Batch history: past batches (`?batchId=` reopens one batch's result). */
export default function OrderBatchesPage() {
  const [params] = useSearchParams();
  const batchId = params.get("batchId")?.trim() ?? "";
  const { data: create } = useCan({ resource: "order", action: "create" });
  return (
    <>
      {create?.can && <BatchTabs active="history" />}
      {batchId ? <BatchHistoryResult key={batchId} batchId={batchId} /> : <BatchHistory />}
    </>
  );
}
