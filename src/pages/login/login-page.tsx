import { useLogin } from "@refinedev/core";
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type LoginBody, loginBody, MFA_CODE_LENGTH } from "#contracts";
import { applyFieldErrors } from "../../components/form-errors";
import { LanguageSwitch } from "../../components/language-switch";
import { useDocumentTitle } from "../../components/use-document-title";
import { noticeOf } from "../../lib/login-link";
import { zodRule } from "../../lib/zod-rule";
import type { LoginValues } from "../../providers/auth-provider";
import { useProductName } from "../../providers/use-public-config";

/** Sign-in: username, password and, once MFA is bound, the authenticator's code. */
export function LoginPage() {
  const { t } = useTranslation();
  const productName = useProductName();
  const [form] = Form.useForm<LoginBody>();
  const [search] = useSearchParams();
  const notice = noticeOf(search.get("notice"));
  const { mutate: login, isPending } = useLogin<LoginValues>();
  const rule = (field: keyof typeof loginBody.shape) => [zodRule(loginBody.shape[field], t)];
  const { token } = theme.useToken();
  useDocumentTitle(t("login.pageTitle"));

  const onFinish = (values: LoginBody) =>
    login(
      { ...values, to: search.get("to") },
      { onSuccess: (result) => result.success || applyFieldErrors(form, result.error) },
    );

  return (
    <Flex
      component="main"
      vertical
      align="center"
      justify="center"
      style={{ minHeight: "100vh", padding: 16, background: "#f0f2f5" }}
    >
      <Card style={{ width: "100%", maxWidth: 400 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          {/* The page's one h1, at the size of a level-3 title. */}
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
            {productName}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {notice && <Alert type="success" showIcon message={t(`login.${notice}`)} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark aria-label={t("login.title")}>
          <Form.Item name="username" label={t("login.username")} required rules={rule("username")}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t("login.password")} required rules={rule("password")}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="captcha" label={t("login.captcha")} extra={t("login.captchaHint")} rules={rule("captcha")}>
            <Input maxLength={MFA_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t("login.submit")}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
