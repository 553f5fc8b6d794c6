import { describe, expect, it } from "vitest";
import { isIpOrCidr, splitWhitelist } from "#contracts";
import { isLocalUrl, isNonPublicAddress, whitelistMatcher } from "../../server/src/lib/net-guard";

describe("IP whitelist entries", () => {
  it("accepts IPv4 and IPv6 addresses and CIDR ranges", () => {
    for (const entry of ["203.0.113.7", "0.0.0.0/0", "10.0.0.0/8", "2001:db8::1", "2001:db8::/32", "::1", "::/0"])
      expect(isIpOrCidr(entry), entry).toBe(true);
  });

  it("refuses anything else", () => {
    for (const entry of [
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4/33",
      "2001:db8::/129",
      "example.com",
      "1.2.3.4/8/1",
      "01.2.3.4",
      "::g",
      "1.2.3.4/",
    ])
      expect(isIpOrCidr(entry), entry).toBe(false);
  });

  it("splits on commas and spaces", () => {
    expect(splitWhitelist(" 1.2.3.4, 10.0.0.0/8 ,,2001:db8::1 ")).toEqual(["1.2.3.4", "10.0.0.0/8", "2001:db8::1"]);
    expect(splitWhitelist("")).toEqual([]);
  });

  it("matches addresses and ranges, IPv4 seen through IPv6 sockets included; empty lets everyone in", () => {
    const allowed = whitelistMatcher(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"]);
    expect(allowed("203.0.113.200")).toBe(true);
    expect(allowed("::ffff:198.51.100.7")).toBe(true);
    expect(allowed("2001:db8:1::5")).toBe(true);
    expect(allowed("198.51.100.8")).toBe(false);
    expect(allowed("2001:db9::1")).toBe(false);
    expect(allowed("not an address")).toBe(false);
    expect(whitelistMatcher([])("192.0.2.1")).toBe(true);
  });
});

describe("the SSRF guard", () => {
  it("knows loopback, private, link-local, CGNAT, multicast and unspecified addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ])
      expect(isNonPublicAddress(address), address).toBe(true);
    for (const address of ["8.8.8.8", "203.0.113.7", "2606:4700::1111", "::ffff:1.1.1.1"])
      expect(isNonPublicAddress(address), address).toBe(false);
  });

  it("flags URLs whose host is a local name or a non-public literal address", () => {
    expect(isLocalUrl("http://localhost:8080/cb")).toBe(true);
    expect(isLocalUrl("http://api.localhost/cb")).toBe(true);
    expect(isLocalUrl("http://127.0.0.1/cb")).toBe(true);
    expect(isLocalUrl("http://[::1]:9000/cb")).toBe(true);
    expect(isLocalUrl("https://10.0.0.5/cb")).toBe(true);
    expect(isLocalUrl("https://merchant.example.com/cb")).toBe(false);
    expect(isLocalUrl("https://203.0.113.7/cb")).toBe(false);
  });
});
