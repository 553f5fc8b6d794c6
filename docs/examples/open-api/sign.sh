#!/usr/bin/env bash
# Signs one Open API request, sends it with curl, and prints the answer only if the platform signed it
# (HMAC-SHA256 with OPENAPI_SECRET, or RSA2 with OPENAPI_PRIVATE_KEY_FILE).
#
#   OPENAPI_APP_ID=app_... OPENAPI_SECRET=... OPENAPI_PLATFORM_PUBLIC_KEY_FILE=platform.pem ./sign.sh GET /openapi/v1/balance
#   ... ./sign.sh POST /openapi/v1/orders '{"productId":1,"skuId":1,"merchantOrderNo":"A-1","inputs":{"account":"13800138000"}}'
#
# The body is signed exactly as sent: pass it as one argument and do not let anything re-format it.
# It fails closed: an answer without a valid signature by platform key OPENAPI_PLATFORM_KEY_SERIAL (default 1)
# goes to stderr as untrusted, and the script exits 1. For a day after the platform key is rotated, answers carry
# the previous key's signature too (X-Previous-Key-Serial, X-Previous-Signature): that one is checked when the
# previous key is yours, with a note on stderr to install the new key.
set -euo pipefail
method=${1:?method}; path=${2:?path with query}; body=${3:-}
base=${OPENAPI_BASE_URL:-http://127.0.0.1:8080}
platform_key=${OPENAPI_PLATFORM_PUBLIC_KEY_FILE:?the platform public key (API Settings) to verify answers with}
timestamp=$(($(date +%s%N) / 1000000))
nonce=$(openssl rand -hex 16)
# printf keeps the body's bytes and puts the final newline after it (an empty body is an empty line).
string() { printf '%s\n%s\n%s\n%s\n%s\n' "$1" "$2" "$3" "$4" "$5"; }
if [[ -n "${OPENAPI_SECRET:-}" ]]; then
  signature=$(string "$method" "$path" "$timestamp" "$nonce" "$body" | openssl dgst -sha256 -hmac "$OPENAPI_SECRET" -binary | openssl base64 -A)
else
  signature=$(string "$method" "$path" "$timestamp" "$nonce" "$body" | openssl dgst -sha256 -sign "${OPENAPI_PRIVATE_KEY_FILE:?secret or private key}" | openssl base64 -A)
fi
headers=$(mktemp)
trap 'rm -f "$headers"' EXIT
args=(-sS -X "$method" "$base$path" -D "$headers" -H "X-App-Id: $OPENAPI_APP_ID" -H "X-Timestamp: $timestamp"
  -H "X-Nonce: $nonce" -H "X-Signature: $signature" -H "Accept-Language: en-US")
[[ -n "$body" ]] && args+=(-H "Content-Type: application/json" --data-binary "$body")
answer=$(curl "${args[@]}")
header() { grep -i "^$1:" "$headers" | tail -n 1 | cut -d' ' -f2- | tr -d '\r'; }
untrusted() { echo "not trusted ($1): $answer" >&2; exit 1; }
serial=${OPENAPI_PLATFORM_KEY_SERIAL:-1}
if [[ "$(header x-key-serial)" == "$serial" ]]; then
  signature_header=x-signature
elif [[ "$(header x-previous-key-serial)" == "$serial" ]]; then
  signature_header=x-previous-signature
else
  untrusted "not signed by platform key $serial"
fi
string "$method" "$path" "$(header x-timestamp)" "$(header x-nonce)" "$answer" |
  openssl dgst -sha256 -verify "$platform_key" -signature <(header "$signature_header" | openssl base64 -d -A) >/dev/null ||
  untrusted "the signature does not verify"
[[ "$signature_header" == x-signature ]] ||
  echo "note: verified with the previous platform key $serial; install key $(header x-key-serial) (GET /openapi/v1/keys)" >&2
echo "$answer"
