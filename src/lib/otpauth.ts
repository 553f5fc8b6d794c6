/**
 * The setup link an authenticator app reads from the QR code (Key URI format): SHA1, 6 digits, 30 s,
 * the issuer both as label prefix and parameter so every app shows it.
 */
export function buildOtpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = `secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
  return `otpauth://totp/${label}?${query}`;
}
