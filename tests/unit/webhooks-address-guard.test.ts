// Where webhooks may go, one rule for registration and sending: live mode only public unicast
// addresses over https; test mode also loopback (a developer's localhost), and only on a deployment
// with ALLOW_LOOPBACK_ENDPOINTS=true, and nothing else. The ranges below are written out here, independently of the guard's library, and each is sampled
// with fast-check in IPv4, IPv6 and IPv4-mapped IPv6 form.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkEndpointUrl,
  isAllowedAddress,
  knownRefusal,
  type DestinationRule,
  resolveDestination,
  UnsafeDestinationError,
  vetEndpointUrl,
} from "@/lib/webhooks/address-guard";

/** The four rules: each mode, on a deployment with and without ALLOW_LOOPBACK_ENDPOINTS=true. */
const LIVE: DestinationRule = { livemode: true, allowLoopback: false };
const LIVE_WITH_SETTING: DestinationRule = { livemode: true, allowLoopback: true };
const TEST: DestinationRule = { livemode: false, allowLoopback: false };
const TEST_WITH_SETTING: DestinationRule = { livemode: false, allowLoopback: true };
const RULES = [LIVE, LIVE_WITH_SETTING, TEST, TEST_WITH_SETTING];
const ruleArbitrary = fc.constantFrom(...RULES);

const octet = fc.integer({ min: 0, max: 255 });
const hextet = fc.integer({ min: 0, max: 0xffff });

/** IPv4 addresses in `a.b.c.d/prefix`, for prefixes of 8 or more bits. */
function ipv4In(cidr: string): fc.Arbitrary<string> {
  const [base, bits] = cidr.split("/");
  const start = base!.split(".").reduce((n, part) => n * 256 + Number(part), 0);
  const size = 2 ** (32 - Number(bits));
  return fc
    .integer({ min: 0, max: size - 1 })
    .map((offset) => [24, 16, 8, 0].map((shift) => Math.floor((start + offset) / 2 ** shift) % 256).join("."));
}

/** IPv6 addresses whose first hextets are fixed (`prefix`) and whose first free hextet is masked by `mask`. */
function ipv6With(
  prefix: number[],
  free: { min: number; max: number } = { min: 0, max: 0xffff },
): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer(free), fc.array(hextet, { minLength: 7 - prefix.length, maxLength: 7 - prefix.length }))
    .map(([first, rest]) => [...prefix, first, ...rest].map((h) => h.toString(16)).join(":"));
}

const hex2 = (a: number, b: number) => ((a << 8) | b).toString(16);
/** IPv4 carried in IPv6: ::ffff:a.b.c.d written both ways. */
const mapped = (v4: fc.Arbitrary<string>) =>
  fc.tuple(v4, fc.boolean()).map(([address, dotted]) => {
    if (dotted) return `::ffff:${address}`;
    const [a, b, c, d] = address.split(".").map(Number) as [number, number, number, number];
    return `::ffff:${hex2(a, b)}:${hex2(c, d)}`;
  });
/** IPv4 embedded in other IPv6 forms that reach it by translation or tunnelling. */
const embedded = (v4: fc.Arbitrary<string>) =>
  fc
    .tuple(v4, fc.constantFrom("64:ff9b::", "::", "2002:"))
    .map(([address, form]) => {
      const [a, b, c, d] = address.split(".").map(Number) as [number, number, number, number];
      return form === "2002:" ? `2002:${hex2(a, b)}:${hex2(c, d)}::1` : `${form}${hex2(a, b)}:${hex2(c, d)}`;
    })
    // The IPv4-compatible form of 0.0.0.1 is ::1 itself, IPv6 loopback, which test mode allows.
    .filter((address) => address !== "::0:1");

// Never public, in either mode.
const REFUSED_V4: Record<string, string[]> = {
  "private (RFC 1918)": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"],
  "link-local and cloud metadata": ["169.254.0.0/16"],
  "carrier-grade NAT": ["100.64.0.0/10"],
  "this network / unspecified": ["0.0.0.0/8"],
  multicast: ["224.0.0.0/4"],
  "reserved and broadcast": ["240.0.0.0/4"],
  "documentation and benchmarking": ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "198.18.0.0/15"],
  "IETF protocol assignments": ["192.0.0.0/24"],
};
const refusedV4 = fc.oneof(...Object.values(REFUSED_V4).flat().map(ipv4In));
const loopbackV4 = ipv4In("127.0.0.0/8");

const REFUSED_V6: Record<string, fc.Arbitrary<string>> = {
  unspecified: fc.constant("::"),
  "link-local fe80::/10": ipv6With([], { min: 0xfe80, max: 0xfebf }),
  "unique local fc00::/7": ipv6With([], { min: 0xfc00, max: 0xfdff }),
  "site-local fec0::/10": ipv6With([], { min: 0xfec0, max: 0xfeff }),
  "multicast ff00::/8": ipv6With([], { min: 0xff00, max: 0xffff }),
  "documentation 2001:db8::/32": ipv6With([0x2001, 0xdb8]),
  "teredo 2001::/32": ipv6With([0x2001, 0]),
  "discard 100::/64": ipv6With([0x100, 0, 0, 0]),
  "IPv4-mapped, of a refused IPv4 address": mapped(refusedV4),
  "NAT64, 6to4 and IPv4-compatible forms": embedded(fc.oneof(refusedV4, loopbackV4)),
};

// First octets with no special-purpose range anywhere below them, so every address is public.
const PUBLIC_FIRST_OCTETS = [1, 8, 9, 11, 23, 45, 52, 64, 81, 99, 104, 128, 151, 185, 193, 200, 212, 223];
const publicV4 = fc.tuple(fc.constantFrom(...PUBLIC_FIRST_OCTETS), octet, octet, octet).map((parts) => parts.join("."));
// 2400::/8-2c00::/8 are regional-registry allocations; the one special-purpose range inside,
// 2620:4f:8000::/48 (AS112), is left out.
const publicV6 = ipv6With([], { min: 0x2400, max: 0x2cff }).filter((address) => !address.startsWith("2620:4f:"));
const publicAddress = fc.oneof(publicV4, publicV6, mapped(publicV4));
const loopback = fc.oneof(loopbackV4, fc.constant("::1"), mapped(loopbackV4));

describe("isAllowedAddress", () => {
  it.each(Object.entries(REFUSED_V4))("refuses %s IPv4 addresses in both modes", (_name, cidrs) => {
    fc.assert(
      fc.property(fc.oneof(...cidrs.map(ipv4In)), (address) => {
        for (const rule of RULES) expect(isAllowedAddress(address, rule), address).toBe(false);
      }),
    );
  });

  it.each(Object.entries(REFUSED_V6))("refuses %s IPv6 addresses in both modes", (_name, addresses) => {
    fc.assert(
      fc.property(addresses, (address) => {
        for (const rule of RULES) expect(isAllowedAddress(address, rule), address).toBe(false);
      }),
    );
  });

  it("allows public unicast IPv4, IPv6 and IPv4-mapped addresses in both modes", () => {
    fc.assert(
      fc.property(publicAddress, (address) => {
        for (const rule of RULES) expect(isAllowedAddress(address, rule), address).toBe(true);
      }),
    );
  });

  it("allows loopback in test mode only, and only with ALLOW_LOOPBACK_ENDPOINTS=true", () => {
    fc.assert(
      fc.property(loopback, (address) => {
        expect(isAllowedAddress(address, TEST_WITH_SETTING), address).toBe(true);
        expect(isAllowedAddress(address, TEST), address).toBe(false);
        expect(isAllowedAddress(address, LIVE), address).toBe(false);
        expect(isAllowedAddress(address, LIVE_WITH_SETTING), address).toBe(false);
      }),
    );
  });

  it("refuses the well-known cases by name", () => {
    for (const bad of ["169.254.169.254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "fd00:ec2::254", "10.0.0.5"]) {
      expect(isAllowedAddress(bad, TEST_WITH_SETTING), bad).toBe(false);
    }
    for (const bad of ["", "not-an-address", "1.2.3.4.5"])
      expect(isAllowedAddress(bad, TEST_WITH_SETTING), bad).toBe(false);
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

describe("vetEndpointUrl, the check registration and sending share", () => {
  it("answers for an address literal in a URL exactly as isAllowedAddress does, in any spelling", async () => {
    const anyAddress = fc.oneof(publicAddress, loopback, refusedV4, ...Object.values(REFUSED_V6));
    await fc.assert(
      fc.asyncProperty(anyAddress, ruleArbitrary, async (address, rule) => {
        const host = address.includes(":") ? `[${address}]` : address;
        const outcome = await vetEndpointUrl(`https://${host}/hooks`, rule).then(
          () => true,
          (error: unknown) => {
            expect(error).toBeInstanceOf(UnsafeDestinationError);
            return false;
          },
        );
        expect(outcome, `${address} ${JSON.stringify(rule)}`).toBe(isAllowedAddress(address, rule));
      }),
    );
  });

  it("sees through other spellings of IPv4 in a URL (hex, integer, short forms)", async () => {
    for (const url of [
      "http://0xa9.0xfe.0xa9.0xfe/",
      "http://2852039166/",
      "http://169.254.43518/",
      "http://0x7f.1/",
    ]) {
      await expect(vetEndpointUrl(url, LIVE_WITH_SETTING), url).rejects.toThrow(UnsafeDestinationError);
    }
    await expect(vetEndpointUrl("http://2852039166/", TEST_WITH_SETTING)).rejects.toThrow(/link-local/);
    await expect(vetEndpointUrl("http://0x7f.1:8080/", TEST_WITH_SETTING)).resolves.toMatchObject({
      destination: { address: "127.0.0.1" },
    });
  });
});

describe("resolveDestination", () => {
  it("resolves names at send time and refuses a live name that points at loopback", async () => {
    await expect(resolveDestination(new URL("https://localhost/hooks"), LIVE_WITH_SETTING)).rejects.toThrow(/loopback/);
    await expect(resolveDestination(new URL("https://[::1]/hooks"), LIVE_WITH_SETTING)).rejects.toThrow(/loopback/);
    const local = await resolveDestination(new URL("http://127.0.0.1:8080/"), TEST_WITH_SETTING);
    expect(local).toEqual({ address: "127.0.0.1", family: 4 });
    await expect(resolveDestination(new URL("http://localhost:8080/"), TEST_WITH_SETTING)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });
});

describe("loopback and ALLOW_LOOPBACK_ENDPOINTS", () => {
  // The probe's spellings of this server's own loopback: WHATWG URL parsing turns the decimal and hex
  // forms into 127.0.0.1, and the guard judges IPv4-mapped IPv6 as the IPv4 address it carries.
  const SPELLINGS = [
    "http://127.0.0.1:6379/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://[::ffff:127.0.0.1]:8080/admin",
    "http://[::1]:8080/",
    "http://127.1.2.3/",
  ];

  it("refuses every spelling of loopback in test mode without the setting, saying why and what to do", async () => {
    for (const url of SPELLINGS) {
      await expect(vetEndpointUrl(url, TEST), url).rejects.toThrow(
        /loopback addresses are refused on this deployment; set ALLOW_LOOPBACK_ENDPOINTS=true/,
      );
    }
  });

  it("accepts every spelling of loopback in test mode with the setting", async () => {
    for (const url of SPELLINGS) {
      await expect(vetEndpointUrl(url, TEST_WITH_SETTING), url).resolves.toMatchObject({
        destination: { address: expect.stringMatching(/^(127\.\d+\.\d+\.\d+|::1|::ffff:7f00:1)$/) },
      });
    }
  });

  it("refuses every spelling of loopback in live mode, with the setting or without", async () => {
    for (const url of SPELLINGS.map((u) => u.replace("http:", "https:"))) {
      await expect(vetEndpointUrl(url, LIVE), url).rejects.toThrow(/loopback/);
      await expect(vetEndpointUrl(url, LIVE_WITH_SETTING), url).rejects.toThrow(/loopback/);
    }
  });

  it("refuses a name that resolves to loopback without the setting", async () => {
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(vetEndpointUrl("http://receiver.example/", TEST, toLoopback)).rejects.toThrow(
      /receiver\.example resolves to 127\.0\.0\.1, which is a loopback address/,
    );
    await expect(vetEndpointUrl("http://receiver.example/", TEST_WITH_SETTING, toLoopback)).resolves.toBeDefined();
  });

  it("still refuses private networks with the setting: it opens loopback, nothing else", async () => {
    for (const url of ["http://10.0.0.5/", "http://169.254.169.254/", "http://[fd00::1]/", "http://192.168.1.1/"])
      await expect(vetEndpointUrl(url, TEST_WITH_SETTING), url).rejects.toThrow(UnsafeDestinationError);
  });
});

describe("knownRefusal, what an endpoint's page says without a lookup", () => {
  it("names the refusal of a loopback literal or localhost name, and nothing for public or unresolved names", () => {
    expect(knownRefusal("http://127.0.0.1:4000/hooks", TEST)).toMatch(/ALLOW_LOOPBACK_ENDPOINTS=true/);
    expect(knownRefusal("http://localhost:4000/hooks", TEST)).toMatch(/localhost is a loopback address/);
    expect(knownRefusal("http://app.localhost:4000/hooks", TEST)).toMatch(/loopback/);
    expect(knownRefusal("http://[::1]:4000/hooks", TEST_WITH_SETTING)).toBeNull();
    expect(knownRefusal("https://[::1]:4000/hooks", LIVE_WITH_SETTING)).toMatch(
      /live-mode endpoints reach only public/,
    );
    expect(knownRefusal("https://8.8.8.8/hooks", LIVE)).toBeNull();
    expect(knownRefusal("https://hooks.example.com/", LIVE)).toBeNull();
  });
});
