import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MerchantInfo } from "#contracts";
import { PageTitle } from "../../components/page-title";
import { useMay } from "../../providers/use-may";
import { SINGLETON_ID } from "../../resources";
import { MerchantInfoDetails } from "./merchant-info-details";
import { MerchantInfoEditForm } from "./merchant-info-edit-form";

/** Merchant Information: everyone who may open it reads it; whoever may edit it (admin) gets the form. */
export default function MerchantInfoShowPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { result: info, query } = useOne<MerchantInfo>({ resource: "merchant-info", id: SINGLETON_ID });
  const mayEdit = useMay("merchant-info", "edit");

  let body = <Skeleton active />;
  if (query.isError) body = <Alert type="error" showIcon message={query.error.message} />;
  else if (info)
    body = editing ? (
      <MerchantInfoEditForm info={info} onDone={() => setEditing(false)} />
    ) : (
      <MerchantInfoDetails info={info} />
    );

  return (
    <Card
      title={<PageTitle>{t("merchant-info.title")}</PageTitle>}
      extra={
        mayEdit && info && !editing ? (
          <Button type="primary" onClick={() => setEditing(true)}>
            {t("common.edit")}
          </Button>
        ) : null
      }
    >
      {body}
    </Card>
  );
}
