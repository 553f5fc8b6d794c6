import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";

/**
 * The browser app's Content-Security-Policy. Scripts only from this origin (the built app has no inline
 * script); the live-chat widget's origin is added only when one is configured. Styles allow inline because
 * antd writes its CSS-in-JS as <style> elements. The export download lands in a hidden same-origin frame.
 */
export function contentSecurityPolicy(config: Config) {
  const chat = config.CHAT_WIDGET_SCRIPT_URL ? [new URL(config.CHAT_WIDGET_SCRIPT_URL).origin] : [];
  const chatSockets = chat.map((origin) => origin.replace(/^http/, "ws"));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat],
    styleSrc: ["'self'", "'unsafe-inline'", ...chat],
    imgSrc: ["'self'", "data:", "blob:", ...chat],
    fontSrc: ["'self'", "data:", ...chat],
    connectSrc: ["'self'", ...chat, ...chatSockets],
    frameSrc: ["'self'", ...chat],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // Only behind TLS: on plain http (npm start, a LAN install) it would send every request to an https nowhere.
    upgradeInsecureRequests: config.HSTS_MAX_AGE > 0 ? [] : null,
  };
}

/**
 * Security headers on every answer (helmet): the CSP above, no framing, no referrer, no MIME sniffing, and HSTS
 * when the deployment says it is behind TLS (`HSTS_MAX_AGE`). helmet's middleware is built once here and run on
 * the raw response; @fastify/helmet built it again on every request (parsing the CSP each time, 4% of an order's
 * CPU in bench/orders.ts's profile).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.HSTS_MAX_AGE > 0 ? { maxAge: config.HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    // The app embeds nothing cross-origin that would need these relaxed; COEP would block the chat widget.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

/**
 * API answers carry sessions, secrets, gift-card codes and money: no cache (browser, proxy or CDN) may keep
 * one. A call that knows better (none today) sets its own Cache-Control.
 */
export function noStore(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
