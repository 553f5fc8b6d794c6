import { Button, Flex, Form, Input, Popconfirm, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type BlockedAccount,
  type BlockedAccountBody,
  blockedAccountBody,
  blockedAccountQuery,
  riskCalls,
} from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { WrappedText } from "../../shared/wrapped-text";
import { WholeListActions } from "../../whole-list";

interface Search {
  account?: string;
}

/**
 * The recharge accounts nobody may order for, whichever merchant asks (the spec's "black" list), newest first and
 * searched by the exact account; with risk:edit, an account is blocked (with its reason) and unblocked.
 */
export function BlockedAccounts({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const paged = usePagedCall<BlockedAccount, Search>(riskCalls.blocked, {
    loadFailed: "console-risk.blocked.loadFailed",
  });
  const { query } = paged;
  const reload = () => void query.refetch();

  const unblock = async (blocked: BlockedAccount) => {
    try {
      await consoleCall(riskCalls.unblock, { params: { account: blocked.account } });
    } catch {
      return; // the http client has said why
    }
    void message.success(t("console-risk.blocked.removed", { account: blocked.account }));
    reload();
  };

  const label = (field: string) => t(`console-risk.blocked.fields.${field}`);
  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<Search>
          name="risk-blocked-search"
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values) => {
            paged.searchFor({ account: values.account?.trim() || undefined });
          }}
        >
          <Form.Item name="account" label={label("account")} rules={[zodRule(blockedAccountQuery.shape.account, t)]}>
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <WholeListActions
          query={query}
          createLabel={t("console-risk.blocked.create")}
          onCreate={mayEdit ? () => setAdding(true) : undefined}
        />
      </Flex>
      <Table<BlockedAccount>
        {...paged.tableProps}
        rowKey="account"
        loading={tableLoading(query)}
        columns={[
          { key: "account", title: label("account"), dataIndex: "account" },
          {
            key: "reason",
            title: label("reason"),
            render: (_, b) => <WrappedText width={280}>{b.reason}</WrappedText>,
          },
          {
            key: "createdBy",
            title: label("createdBy"),
            render: (_, b) => <WrappedText width={200}>{b.createdBy}</WrappedText>,
          },
          { key: "createTime", title: label("createTime"), render: (_, b) => formatDateTime(b.createTime) },
          ...(mayEdit
            ? [
                {
                  key: "actions",
                  title: t("console.fields.actions"),
                  fixed: "right" as const,
                  render: (_: unknown, b: BlockedAccount) => (
                    <Popconfirm
                      title={t("console-risk.blocked.confirmUnblock", { account: b.account })}
                      okText={t("console-risk.blocked.unblock")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => unblock(b)}
                    >
                      <Button type="link" size="small">
                        {t("console-risk.blocked.unblock")}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <BlockAccountForm
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          // Back to the first page, where the new one is.
          paged.searchFor(paged.search);
          reload();
        }}
      />
    </>
  );
}

const shape = blockedAccountBody.shape;

/** Blocks a recharge account: every merchant's orders for it are refused from now on. */
function BlockAccountForm({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlockedAccountBody>();

  const save = async (values: BlockedAccountBody) => {
    const blocked = await consoleCall(riskCalls.block, { body: values });
    void message.success(t("console-risk.blocked.added", { account: blocked.account }));
    onSaved();
  };
  const label = (field: string) => t(`console-risk.blocked.fields.${field}`);
  return (
    <FormDialog<BlockedAccountBody>
      open={open}
      title={t("console-risk.blocked.create")}
      form={form}
      name="risk-block"
      okText={t("console-risk.blocked.block")}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        name="account"
        label={label("account")}
        extra={t("console-risk.blocked.accountHint")}
        required
        rules={[zodRule(shape.account, t)]}
      >
        <Input autoComplete="off" maxLength={128} />
      </Form.Item>
      <Form.Item name="reason" label={label("reason")} required rules={[zodRule(shape.reason, t)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
