import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageTitle } from "../../components/page-title";
import { useDocumentTitle } from "../../components/use-document-title";

/** Where every unknown path ends (public); home leads on to the sign-in or landing page as the guard decides. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t("notFound.pageTitle"));
  return (
    <main>
      <Result
        status="404"
        title={<PageTitle>{t("notFound.title")}</PageTitle>}
        subTitle={t("notFound.subtitle")}
        extra={
          <Button type="primary" onClick={() => navigate("/")}>
            {t("notFound.backHome")}
          </Button>
        }
      />
    </main>
  );
}
