// Where webhooks may go: live mode only to public unicast addresses over https; test mode also to
// loopback and private networks, never to link-local (cloud metadata).
import { describe, expect, it } from "vitest";
import {
  checkEndpointUrl,
  isAllowedAddress,
  resolveDestination,
  UnsafeDestinationError,
} from "@/lib/webhooks/address-guard";

describe("isAllowedAddress", () => {
  it("lets live mode reach public addresses only", () => {
    for (const ok of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(isAllowedAddress(ok, true)).toBe(true);
    for (const bad of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isAllowedAddress(bad, true), bad).toBe(false);
    }
  });

  it("lets test mode reach localhost and private networks but not link-local or multicast", () => {
    for (const ok of ["127.0.0.1", "::1", "10.0.0.5", "192.168.1.10", "8.8.8.8"])
      expect(isAllowedAddress(ok, false)).toBe(true);
    for (const bad of ["169.254.169.254", "fe80::1", "224.0.0.1", "0.0.0.0"])
      expect(isAllowedAddress(bad, false), bad).toBe(false);
  });
});

describe("checkEndpointUrl", () => {
  it("requires https in live mode and allows http in test mode", () => {
    expect(() => checkEndpointUrl("http://example.com/hooks", true)).toThrow(UnsafeDestinationError);
    expect(checkEndpointUrl("https://example.com/hooks", true).hostname).toBe("example.com");
    expect(checkEndpointUrl("http://localhost:3000/hooks", false).port).toBe("3000");
    expect(() => checkEndpointUrl("ftp://example.com", false)).toThrow(UnsafeDestinationError);
    expect(() => checkEndpointUrl("https://user:pw@example.com", true)).toThrow(UnsafeDestinationError);
    expect(() => checkEndpointUrl("not a url", false)).toThrow(UnsafeDestinationError);
  });
});

describe("resolveDestination", () => {
  it("resolves names at send time and refuses a live name that points at loopback", async () => {
    await expect(resolveDestination(new URL("https://localhost/hooks"), true)).rejects.toThrow(/loopback/);
    await expect(resolveDestination(new URL("https://[::1]/hooks"), true)).rejects.toThrow(/loopback/);
    const local = await resolveDestination(new URL("http://127.0.0.1:8080/"), false);
    expect(local).toEqual({ address: "127.0.0.1", family: 4 });
  });
});
