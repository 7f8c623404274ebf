import { isIPv4, isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";

// Every per-visitor rule (saves, reports, the reporters' hash, live streams, sign-ins, on-demand work) counts
// visitors by this one key. An IPv4 address is one visitor; an IPv6 visitor is its /64 network, because an
// ordinary IPv6 connection comes with a whole /64 (2^64 addresses) whose every address the holder may use.
// Process-wide budgets also count by network (networkKey): an IPv4 /24, an IPv6 /56 (what one home is given,
// 256 /64s), so that no handful of networks, each of many visitors, takes a whole budget.

/**
 * The visitor a request comes from: request.ip (the socket's peer, or the client TRUST_PROXY lets the
 * proxies name) as an IPv4 address, or the /64 prefix of an IPv6 address ("2001:db8:aa:bb::/64").
 * An IPv4-mapped IPv6 address (::ffff:192.0.2.1, what a dual-stack socket reports) is its IPv4 address.
 */
export function visitorKey(request: FastifyRequest): string {
  return visitorOf(request.ip ?? "");
}

/** The visitor key of one address; anything that is not an IP address is kept as it is. */
export function visitorOf(address: string): string {
  const ip = address.split("%")[0] ?? ""; // a zone index (fe80::1%eth0) names an interface, not a visitor
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (isIPv4Mapped(groups)) return mappedIPv4(groups);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The network a request comes from: the /24 of an IPv4 address ("192.0.2.0/24"), the /56 of an IPv6 one. */
export function networkKey(request: FastifyRequest): string {
  return networkOf(request.ip ?? "");
}

/** The network key of one address; anything that is not an IP address is kept as it is. */
export function networkOf(address: string): string {
  const ip = address.split("%")[0] ?? "";
  if (!isIPv4(ip) && !isIPv6(ip)) return ip;
  const groups = isIPv6(ip) ? ipv6Groups(ip) : [];
  const ipv4 = isIPv4(ip) ? ip : isIPv4Mapped(groups) ? mappedIPv4(groups) : undefined;
  if (ipv4 !== undefined) return `${ipv4.split(".").slice(0, 3).join(".")}.0/24`;
  const [a = 0, b = 0, c = 0, d = 0] = groups;
  return `${[a, b, c, d & 0xff00].map((group) => group.toString(16)).join(":")}::/56`;
}

function mappedIPv4(groups: readonly number[]): string {
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit groups of a valid IPv6 address, "::" expanded and a dotted IPv4 tail turned into two. */
function ipv6Groups(ip: string): number[] {
  const [head = "", tail] = ip.split("::");
  const parse = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** ::ffff:a.b.c.d: eighty zero bits, sixteen one bits, then the IPv4 address. */
function isIPv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}
