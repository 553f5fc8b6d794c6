#!/usr/bin/env bash
# Signs one Open API request and sends it with curl (HMAC-SHA256, or RSA2 with OPENAPI_PRIVATE_KEY_FILE).
#
#   OPENAPI_APP_ID=app_... OPENAPI_SECRET=... ./sign.sh GET /openapi/v1/balance
#   OPENAPI_APP_ID=app_... OPENAPI_SECRET=... ./sign.sh POST /openapi/v1/orders '{"productId":1,"skuId":1,"inputs":{"account":"13800138000"}}'
#
# The body is signed exactly as sent: pass it as one argument and do not let anything re-format it.
set -euo pipefail
method=${1:?method}; path=${2:?path with query}; body=${3:-}
base=${OPENAPI_BASE_URL:-http://127.0.0.1:3000}
timestamp=$(($(date +%s%N) / 1000000))
nonce=$(openssl rand -hex 16)
# printf keeps the body's bytes and puts the final newline after it (an empty body is an empty line).
string() { printf '%s\n%s\n%s\n%s\n%s\n' "$method" "$path" "$timestamp" "$nonce" "$body"; }
if [[ -n "${OPENAPI_SECRET:-}" ]]; then
  signature=$(string | openssl dgst -sha256 -hmac "$OPENAPI_SECRET" -binary | openssl base64 -A)
else
  signature=$(string | openssl dgst -sha256 -sign "${OPENAPI_PRIVATE_KEY_FILE:?secret or private key}" | openssl base64 -A)
fi
args=(-sS -X "$method" "$base$path" -H "X-App-Id: $OPENAPI_APP_ID" -H "X-Timestamp: $timestamp"
  -H "X-Nonce: $nonce" -H "X-Signature: $signature" -H "Accept-Language: en-US")
[[ -n "$body" ]] && args+=(-H "Content-Type: application/json" --data-binary "$body")
curl "${args[@]}"
echo
