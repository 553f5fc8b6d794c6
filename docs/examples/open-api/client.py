"""Merchant Portal Open API: a complete client in Python 3.8+ (standard library + `cryptography` for RSA2).

    OPENAPI_BASE_URL=http://127.0.0.1:8080 OPENAPI_APP_ID=app_... OPENAPI_SECRET=... \
    OPENAPI_PLATFORM_PUBLIC_KEY_FILE=platform.pem OPENAPI_PLATFORM_KEY_SERIAL=1 python3 client.py [product_id sku_id account]

For RSA2 give OPENAPI_PRIVATE_KEY_FILE (your PEM private key) instead of OPENAPI_SECRET.
It fails closed: an answer not signed by the platform key you configured (by its serial) is refused. For a day
after the platform key is rotated, answers carry the previous key's signature too (X-Previous-Key-Serial,
X-Previous-Signature): that one is accepted from the key you configured, with a note on stderr to install the new key.
"""
import base64
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.request

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding


def signing_string(method, path_with_query, timestamp, nonce, body):
    """METHOD, path with query, timestamp, nonce and raw body, each followed by a newline."""
    return f"{method.upper()}\n{path_with_query}\n{timestamp}\n{nonce}\n{body}\n".encode("utf-8")


def sign_request(key, message):
    if "secret" in key:
        return base64.b64encode(hmac.new(key["secret"].encode(), message, hashlib.sha256).digest()).decode()
    signature = key["private_key"].sign(message, padding.PKCS1v15(), hashes.SHA256())
    return base64.b64encode(signature).decode()


def answer_is_authentic(platform_public_key, method, path_with_query, headers, body, signature_header="x-signature"):
    try:
        message = signing_string(method, path_with_query, headers["x-timestamp"], headers["x-nonce"], body)
        signature = base64.b64decode(headers[signature_header])
        platform_public_key.verify(signature, message, padding.PKCS1v15(), hashes.SHA256())
        return True
    except (InvalidSignature, KeyError, ValueError):
        return False


def trusted_signer(platform_keys, method, path_with_query, headers, body):
    """The serial of the trusted key that signed: the current key's signature, or (during the day after a rotation)
    the previous key's over the same string. None when neither verifies with a key you trust."""
    pairs = (("x-key-serial", "x-signature"), ("x-previous-key-serial", "x-previous-signature"))
    for serial_header, signature_header in pairs:
        serial = headers.get(serial_header)
        key = platform_keys.get(serial) if serial else None
        if key is not None and answer_is_authentic(key, method, path_with_query, headers, body, signature_header):
            return serial
    return None


class Client:
    def __init__(self, base_url, app_id, key, platform_keys, language="en-US"):
        """platform_keys: the platform public keys you trust, by serial (API Settings shows it beside the key)."""
        self.base_url, self.app_id, self.key = base_url.rstrip("/"), app_id, key
        self.platform_keys, self.language = platform_keys, language

    def call(self, method, path_with_query, payload=None):
        body = "" if payload is None else json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        timestamp, nonce = str(int(time.time() * 1000)), secrets.token_hex(16)
        headers = {
            "X-App-Id": self.app_id,
            "X-Timestamp": timestamp,
            "X-Nonce": nonce,
            "X-Signature": sign_request(self.key, signing_string(method, path_with_query, timestamp, nonce, body)),
            "Accept-Language": self.language,
        }
        if body:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(
            self.base_url + path_with_query, data=body.encode() if body else None, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as res:
                text, answer_headers = res.read().decode(), {k.lower(): v for k, v in res.headers.items()}
        except urllib.error.HTTPError as error:
            text, answer_headers = error.read().decode(), {k.lower(): v for k, v in error.headers.items()}
        # Fail closed: only an answer signed by a platform key you trust is read (see client.mjs).
        serial = answer_headers.get("x-key-serial")
        signer = trusted_signer(self.platform_keys, method, path_with_query, answer_headers, text)
        if signer is None:
            raise RuntimeError(
                f"the answer is not signed by a platform key you trust (X-Key-Serial {serial or 'none'}); "
                f"not trusted. Unverified text: {text[:300]}"
            )
        if signer != serial:
            print(
                f"note: verified with the previous platform key {signer}; the platform now signs with key {serial}: "
                "install it (GET /openapi/v1/keys lists it)",
                file=sys.stderr,
            )
        envelope = json.loads(text)
        if envelope["code"] != 200:
            code = (envelope.get("data") or {}).get("errorCode", envelope["code"])
            raise RuntimeError(f"{code}: {envelope['message']}")
        return envelope["data"]


def main():
    env = os.environ
    if env.get("OPENAPI_SECRET"):
        key = {"secret": env["OPENAPI_SECRET"]}
    else:
        with open(env["OPENAPI_PRIVATE_KEY_FILE"], "rb") as f:
            key = {"private_key": serialization.load_pem_private_key(f.read(), password=None)}
    with open(env["OPENAPI_PLATFORM_PUBLIC_KEY_FILE"], "rb") as f:
        platform_public_key = serialization.load_pem_public_key(f.read())
    platform_keys = {env.get("OPENAPI_PLATFORM_KEY_SERIAL", "1"): platform_public_key}
    client = Client(env.get("OPENAPI_BASE_URL", "http://127.0.0.1:8080"), env["OPENAPI_APP_ID"], key, platform_keys)

    balance = client.call("GET", "/openapi/v1/balance")
    print(f"balance {balance['balance']} {balance['currency']}")
    for product in client.call("GET", "/openapi/v1/products?pageNum=1&pageSize=100")["list"]:
        for sku in product["skus"]:
            if sku["orderable"]:
                print(f"product {product['id']} sku {sku['id']} {product['name']} {sku['spec']} {sku['price']}")

    if len(sys.argv) < 4:
        return
    merchant_order_no = f"PY{int(time.time() * 1000)}"
    order = {
        "productId": int(sys.argv[1]),
        "skuId": int(sys.argv[2]),
        "merchantOrderNo": merchant_order_no,
        "inputs": {"account": sys.argv[3]},
    }
    placed = client.call("POST", "/openapi/v1/orders", order)
    print(f"placed {placed['orderNo']} {placed['status']}")
    read = client.call("GET", f"/openapi/v1/orders/{merchant_order_no}")
    print(f"read {read['orderNo']} {read['status']} version {read['version']}")


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
