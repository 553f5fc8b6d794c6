import { useSearchParams } from "react-router";
import { useMay } from "../../providers/use-may";
import { BatchHistory } from "./batch/batch-history";
import { BatchHistoryResult } from "./batch/batch-history-result";
import { BatchTabs } from "./batch/batch-tabs";

/** Batch history: past batches (`?batchId=` reopens one batch's result). */
export default function OrderBatchesPage() {
  const [params] = useSearchParams();
  const batchId = params.get("batchId")?.trim() ?? "";
  const mayCreate = useMay("order", "create");
  return (
    <>
      {mayCreate && <BatchTabs active="history" />}
      {batchId ? <BatchHistoryResult key={batchId} batchId={batchId} /> : <BatchHistory />}
    </>
  );
}
