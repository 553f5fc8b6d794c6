import { ComingSoon } from "../../components/coming-soon";

/** Built in a later issue; until then the route, menu and permissions are real and the screen says so. */
export function FundDepositListPage() {
  return <ComingSoon resource="fund-deposit" />;
}
