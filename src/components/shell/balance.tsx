import { WalletOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Tooltip, theme } from "antd";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CurrentBalance, depositResource, ledgerCalls, ledgerResource } from "#contracts";
import { isLowBalance } from "../../lib/balance";
import { formatMoney } from "../../lib/format-decimal";
import { customCall } from "../../providers/api-call";
import { onDataChanged } from "../../providers/http-client";
import { useMay } from "../../providers/use-may";

/**
 * Orders and deposits move the balance at any time: read it again after this tab changed something, every
 * minute, and when the tab is back.
 */
const REFRESH_MS = 60_000;
/**
 * A balance read this recently is the current one for a reader that mounts later (a page that arrives after the
 * shell): without it each new reader read it again on mounting. Changes made here, the minute's refresh and a tab
 * coming back read it regardless.
 */
const CURRENT_MS = 10_000;

/**
 * The balance for every role that may see funds (Funds Details); undefined for others and until it arrives. One
 * caller keeps it `live` (the shell: refreshed after changes, every minute, on focus); others read the same query.
 */
export function useCurrentBalance({ live = false } = {}): CurrentBalance | undefined {
  const enabled = useMay(ledgerResource.name, "list");
  const { query } = useCustom<CurrentBalance>({
    ...customCall(ledgerCalls.balance),
    // Each failure is reported by the http client already: a retry would report it again.
    queryOptions: {
      enabled,
      staleTime: CURRENT_MS,
      refetchInterval: live ? REFRESH_MS : false,
      refetchOnWindowFocus: live,
      retry: false,
    },
  });
  const { refetch } = query;
  useEffect(() => (enabled && live ? onDataChanged(() => void refetch()) : undefined), [enabled, live, refetch]);
  return enabled ? query.data?.data : undefined;
}

const inCurrency = (amount: string | null, currency: string) => `${formatMoney(amount)} ${currency}`;

/** The top bar's balance: the figure and its currency (smaller on a phone), leading to Funds Details. */
export function BalanceTag({ balance, compact }: { balance: CurrentBalance; compact: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const text = inCurrency(balance.balance, balance.currency);
  const low = isLowBalance(balance);
  return (
    <Tooltip title={t("shell.balance.title")}>
      <Link
        to={ledgerResource.path}
        aria-label={t("common.labelled", { label: t("shell.balance.title"), value: text })}
        style={{
          display: "inline-flex",
          alignItems: "center",
          gap: compact ? 4 : 6,
          padding: compact ? "0 4px" : "0 8px",
          fontSize: compact ? 12 : undefined,
          whiteSpace: "nowrap",
          color: low ? token.colorError : token.colorText,
        }}
      >
        <WalletOutlined aria-hidden />
        {text}
      </Link>
    </Tooltip>
  );
}

/** The banner's code arrives when a balance is first low: most screens never show it. */
const Alert = lazy(() => import("antd/es/alert"));

/** Below the merchant's threshold: say so above every page, with the way to top up. */
export function LowBalanceBanner({ balance }: { balance: CurrentBalance }) {
  const { t } = useTranslation();
  if (!isLowBalance(balance)) return null;
  return (
    <Suspense fallback={null}>
      <Alert
        type="warning"
        showIcon
        banner
        message={t("shell.balance.low", {
          balance: inCurrency(balance.balance, balance.currency),
          threshold: inCurrency(balance.lowBalanceThreshold, balance.currency),
        })}
        action={<Link to={depositResource.path}>{t("shell.balance.recharge")}</Link>}
      />
    </Suspense>
  );
}
