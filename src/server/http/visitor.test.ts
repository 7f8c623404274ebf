import { describe, expect, it } from "vitest";
import { networkOf, visitorOf } from "./visitor.ts";

describe("visitorOf", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(visitorOf("192.0.2.7")).toBe("192.0.2.7");
  });

  it("counts every address of one IPv6 /64 as one visitor, however it is written", () => {
    const written = [
      "2001:db8:aaaa:bbbb::1",
      "2001:db8:aaaa:bbbb::2",
      "2001:DB8:AAAA:BBBB:ffff:ffff:ffff:ffff",
      "2001:0db8:aaaa:bbbb:0:0:0:3",
      "2001:db8:aaaa:bbbb:1:2:192.0.2.1",
      "2001:db8:aaaa:bbbb::1%eth0",
    ];
    expect(new Set(written.map(visitorOf))).toEqual(new Set(["2001:db8:aaaa:bbbb::/64"]));
  });

  it("tells neighbouring /64 networks apart", () => {
    expect(visitorOf("2001:db8:aaaa:bbbb::1")).not.toBe(visitorOf("2001:db8:aaaa:bbbc::1"));
    expect(visitorOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(visitorOf("::1")).toBe("0:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address (a dual-stack socket's peer) as its IPv4 address", () => {
    expect(visitorOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(visitorOf("::FFFF:c000:0207")).toBe("192.0.2.7");
    expect(visitorOf("0:0:0:0:0:ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("keeps what is not an IP address as it is", () => {
    expect(visitorOf("")).toBe("");
    expect(visitorOf("not-an-address")).toBe("not-an-address");
  });
});

describe("networkOf", () => {
  it("counts an IPv4 /24 as one network, mapped or not", () => {
    expect(networkOf("192.0.2.7")).toBe("192.0.2.0/24");
    expect(networkOf("::ffff:192.0.2.200")).toBe("192.0.2.0/24");
    expect(networkOf("192.0.3.7")).not.toBe(networkOf("192.0.2.7"));
  });

  it("counts the 256 /64s of one IPv6 /56 as one network, and tells /56s apart", () => {
    const inOne = ["2001:db8:aaaa:bb00::1", "2001:db8:aaaa:bbff::1", "2001:DB8:AAAA:BB42:1::9"];
    expect(new Set(inOne.map(networkOf))).toEqual(new Set(["2001:db8:aaaa:bb00::/56"]));
    expect(networkOf("2001:db8:aaaa:bc00::1")).not.toBe(networkOf("2001:db8:aaaa:bb00::1"));
  });
});
