import type { i18n as I18n } from "i18next";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { type Language, languageNames } from "#contracts/language";
import { MFA_CODE_LENGTH } from "#contracts/login-limits";
import { runChatWidget } from "../../lib/chat-widget-runtime";
import { noticeOf } from "../../lib/login-link";
import { storageKeys } from "../../lib/storage-keys";
import { LanguageMenu } from "./language-menu";
import { DEFAULT_PRODUCT_NAME, getPublicConfig, getUserInfo, postLogin } from "./login-api";
import { loadSignInCatalogs } from "./login-catalogs";
import { CheckCircleIcon, CloseCircleIcon, EyeIcon } from "./login-icons";
import {
  fieldError,
  type LoginErrors,
  type LoginField,
  type LoginValues,
  loginBodyOf,
  loginErrors,
  loginFields,
  serverFieldErrors,
} from "./login-rules";
import type { SignInRealm } from "./sign-in-realm";
import "./login-page.css";

/** Spec §9: messages stay 3 s; a new one replaces the one on screen, so one failure shows one message. */
const MESSAGE_MS = 3000;

interface Toast {
  id: number;
  type: "error" | "success";
  text: string;
}

/** A field's message: a rule's key (translated as the language changes) or a server's words. */
type FieldMessages = Partial<Record<LoginField, { key: string } | { text: string }>>;
const fromKeys = (errors: LoginErrors): FieldMessages =>
  Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, { key }]));

/**
 * Sign-in: username, password and, once MFA is bound, the authenticator's code. The page of its own (React and
 * i18next only), so a visitor waits for little; after sign-in a full page load starts the app at the deep link.
 */
export function LoginPage({ i18n, realm }: { i18n: I18n; realm: SignInRealm }) {
  const [language, setLanguage] = useState(i18n.language as Language);
  const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);
  const search = useMemo(() => new URLSearchParams(window.location.search), []);
  const notice = noticeOf(search.get("notice"));
  const [productName, setProductName] = useState(DEFAULT_PRODUCT_NAME);
  const [values, setValues] = useState<LoginValues>({ username: "", password: "", captcha: "" });
  const [messages, setMessages] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const toastIds = useRef(0);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const id = useId();

  const show = (type: Toast["type"], text: string) => setToast({ id: ++toastIds.current, type, text });
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language and the product's name.
  useEffect(() => {
    document.title = `${i18n.t("login.pageTitle")} - ${i18n.t(realm.headingKey, { product: productName })}`;
  }, [i18n, language, productName, realm]);

  // The product's name and the live-chat widget, from the public configuration (read once).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void getPublicConfig(i18n.language).then((answer) => {
      if (!live || !answer.ok) return;
      setProductName(answer.data.productName);
      if (answer.data.chatWidget && realm.liveChat) stop = runChatWidget(answer.data.chatWidget);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [i18n, realm]);

  const change = (field: LoginField, value: string) => {
    realm.prefetch();
    setValues((was) => ({ ...was, [field]: value }));
    const key = fieldError(field, value);
    setMessages((was) => ({ ...was, [field]: key ? { key } : undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const errors = loginErrors(values);
    setMessages(fromKeys(errors));
    const firstInvalid = loginFields.find((field) => errors[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setPending(true);
    const answer = await postLogin(realm.loginUrl, loginBodyOf(values), i18n.language, t("common.unknownError"));
    if (answer.ok) {
      const token = `${answer.data.tokenHead}${answer.data.token}`;
      realm.tokens.save(token);
      const user = await getUserInfo(realm.userInfoUrl, token, i18n.language, t("common.unknownError"));
      const destination = user.ok ? realm.destination(search.get("to"), user.data) : null;
      if (destination) {
        // A full page load starts the app: back to the deep link that needed a sign-in, else the user's own page.
        window.location.replace(destination);
        return;
      }
      // Without user info there is no landing page: a half-finished login is no login.
      realm.tokens.clear();
      setPending(false);
      show("error", user.ok ? t("common.unknownError") : user.message);
      return;
    }
    setPending(false);
    // A failure the server places on a field (a wrong MFA code) is said there, once; any other as a message.
    const onFields = serverFieldErrors(answer.errors);
    const firstOnField = loginFields.find((field) => onFields[field]);
    if (!firstOnField) {
      show("error", answer.message);
      return;
    }
    setMessages((was) => ({
      ...was,
      ...Object.fromEntries(Object.entries(onFields).map(([field, text]) => [field, { text }])),
    }));
    inputs.current[firstOnField]?.focus();
  };

  const pickLanguage = async (next: Language) => {
    if (!i18n.hasResourceBundle(next, "translation"))
      i18n.addResourceBundle(next, "translation", await loadSignInCatalogs(next));
    await i18n.changeLanguage(next);
    localStorage.setItem(storageKeys.language, next);
    document.documentElement.lang = next;
    setLanguage(next);
    show("success", i18n.t("common.languageChanged"));
  };

  const messageOf = (field: LoginField) => {
    const message = messages[field];
    if (!message) return null;
    return "key" in message ? t(message.key) : message.text;
  };

  const field = (name: LoginField, label: string, input: Record<string, unknown>, extra?: string) => {
    const message = messageOf(name);
    const below = message ?? extra;
    const describedBy = below ? `${id}-${name}-below` : undefined;
    return (
      <div className={`login-item${name === "captcha" ? "" : " required"}${message ? " with-error" : ""}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <div className={`login-input${message ? " invalid" : ""}`}>
          <input
            id={`${id}-${name}`}
            ref={(element) => {
              inputs.current[name] = element;
            }}
            name={name}
            value={values[name]}
            onChange={(event) => change(name, event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-required={name === "captcha" ? undefined : true}
            aria-describedby={describedBy}
            {...input}
          />
          {name === "password" && (
            <button
              type="button"
              className="login-reveal"
              aria-label={t("login.showPassword")}
              aria-pressed={revealed}
              onClick={() => setRevealed((was) => !was)}
            >
              <EyeIcon crossed={!revealed} />
            </button>
          )}
        </div>
        {below && (
          <div id={describedBy} className={message ? "login-error" : "login-extra"} aria-live="polite">
            {below}
          </div>
        )}
      </div>
    );
  };

  return (
    <main className="login-main">
      <div className="login-card">
        <div className="login-head">
          <h1>{t(realm.headingKey, { product: productName })}</h1>
          <LanguageMenu
            current={language}
            label={t("common.language")}
            buttonLabel={t("common.labelled", { label: t("common.language"), value: languageNames[language] })}
            onPick={(next) => void pickLanguage(next)}
          />
        </div>
        {notice && (
          <div className="login-notice" role="status">
            <CheckCircleIcon />
            <span>{t(`login.${notice}`)}</span>
          </div>
        )}
        <form aria-label={t("login.title")} noValidate onSubmit={(event) => void submit(event)}>
          {field("username", t("login.username"), { autoComplete: "username", autoFocus: true })}
          {field("password", t("login.password"), {
            type: revealed ? "text" : "password",
            autoComplete: "current-password",
          })}
          {field(
            "captcha",
            t("login.captcha"),
            { maxLength: MFA_CODE_LENGTH, inputMode: "numeric", autoComplete: "one-time-code" },
            t("login.captchaHint"),
          )}
          <button type="submit" className="login-submit" aria-disabled={pending || undefined}>
            {pending && <span className="login-spinner" aria-hidden="true" />}
            {t("login.submit")}
          </button>
        </form>
      </div>
      <div className="login-toasts">
        {toast && (
          <div
            key={toast.id}
            className={`login-toast ${toast.type}`}
            role={toast.type === "error" ? "alert" : "status"}
            lang={language}
          >
            {toast.type === "error" ? <CloseCircleIcon /> : <CheckCircleIcon />}
            <span>{toast.text}</span>
          </div>
        )}
      </div>
    </main>
  );
}
