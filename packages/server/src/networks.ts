/**
 * The network an address belongs to: what the bots' fair share is keyed on. One family
 * behind a router is one address, but one person can hold a whole block of addresses
 * (an IPv6 prefix, a rented range), and a flood from 240 addresses of one block must
 * count as one party, not as 240 (issue 51). IPv4 is grouped by /24, IPv6 by /56 (what a
 * home or small office is handed); an IPv4-mapped IPv6 address counts as its IPv4 one.
 */
import ipaddr from 'ipaddr.js';

const V4_BITS = 24;
const V6_BITS = 56;

/** Addresses already placed (a table asks at every bot decision); cleared when it grows past a bound. */
const known = new Map<string, string>();

/** `10.1.2.0/24`, `2001:db8:0:100::/56`; an unparseable address stands for itself. */
export function networkOf(address: string): string {
  let network = known.get(address);
  if (network === undefined) {
    if (known.size >= 10_000) known.clear();
    known.set(address, (network = place(address)));
  }
  return network;
}

function place(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const bits = ip.kind() === 'ipv4' ? V4_BITS : V6_BITS;
  const bytes = ip.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i] &= (0xff << (8 - keep)) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}
