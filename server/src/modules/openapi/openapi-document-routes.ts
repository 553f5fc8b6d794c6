import type { FastifyInstance } from "fastify";
import { OPENAPI_BASE, PORTAL_BASE, PRODUCT_NAME } from "#contracts";
import { openApiDocument } from "./openapi-document";

/**
 * The Open API's own OpenAPI document (`/openapi/v1/openapi.json`) and the same rendered as a reference page
 * (`/openapi/v1/reference`, Swagger UI from the assets the portal's /portal/docs already serves): public and
 * unsigned, outside the signed scope, and hidden from the portal's own document (they are files, not calls).
 * The page's script is a file of its own: the Content-Security-Policy allows no inline script.
 */
export function serveOpenApiDocument(app: FastifyInstance) {
  // Generated at the first request, once: most processes (workers, tests) never serve it.
  let document: string | undefined;
  const assets = `${PORTAL_BASE}/docs/static`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} Open API reference</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script src="${OPENAPI_BASE}/reference.js"></script>
</body>
</html>
`;
  const script = `SwaggerUIBundle({ url: "${OPENAPI_BASE}/openapi.json", dom_id: "#reference", deepLinking: true });\n`;
  const hidden = { schema: { hide: true } };
  app.get(`${OPENAPI_BASE}/openapi.json`, hidden, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument());
    return reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document);
  });
  app.get(`${OPENAPI_BASE}/reference`, hidden, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page),
  );
  app.get(`${OPENAPI_BASE}/reference.js`, hidden, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
  );
}
