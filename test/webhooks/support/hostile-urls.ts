// Webhook URLs an attacker would register to make the gateway call into its own network. `port` is where a trap
// server listens on loopback, so that any connection to it would be seen.
export const hostileUrls = (port: number): string[] => [
  // loopback, written every way the URL parser accepts
  `http://127.0.0.1:${port}/`, // plain http
  `https://127.0.0.1:${port}/`,
  `https://127.0.0.2:${port}/`,
  `https://2130706433:${port}/`, // decimal
  `https://0x7f000001:${port}/`, // hex
  `https://0x7f.0.0.1:${port}/`, // hex first octet
  `https://0177.0.0.1:${port}/`, // octal
  `https://127.1:${port}/`, // short form
  `https://[::1]:${port}/`,
  `https://[::ffff:127.0.0.1]:${port}/`, // IPv6-mapped, dotted
  `https://[::ffff:7f00:1]:${port}/`, // IPv6-mapped, hex
  `https://[0:0:0:0:0:ffff:7f00:0001]:${port}/`, // IPv6-mapped, long
  `https://[64:ff9b::7f00:1]:${port}/`, // NAT64 of loopback
  `https://[2002:7f00:1::]:${port}/`, // 6to4 of loopback
  `https://[::]:${port}/`,
  `https://0.0.0.0:${port}/`,
  `https://0:${port}/`,
  `https://localhost:${port}/`,
  `https://localhost.:${port}/`,
  `https://webhooks.localhost:${port}/`,
  // private, shared and link-local ranges, cloud metadata
  `https://10.0.0.1:${port}/`,
  `https://10.255.255.254:${port}/`,
  `https://172.16.0.1:${port}/`,
  `https://172.31.255.254:${port}/`,
  `https://192.168.1.1:${port}/`,
  `https://169.254.169.254/latest/meta-data/iam/security-credentials/`,
  `https://[::ffff:a9fe:a9fe]/latest/meta-data/`, // metadata, IPv6-mapped
  `https://[fd00:ec2::254]/latest/meta-data/`, // AWS metadata over IPv6
  `https://[fe80::1]:${port}/`,
  `https://100.64.0.1:${port}/`,
  `https://100.127.255.254:${port}/`,
  `https://100.100.100.200/latest/meta-data/`, // Alibaba metadata (CGNAT range)
  `https://metadata.google.internal/computeMetadata/v1/`,
  `https://metadata/computeMetadata/v1/`,
  // two trailing dots: one is stripped before the suffix rules, and no name has an empty label
  `https://localhost..:${port}/`,
  `https://metadata.google.internal../computeMetadata/v1/`,
  // user@host tricks: the request would go to the host after the @
  `https://tienda.example.co@127.0.0.1:${port}/`,
  `https://tienda.example.co:443@127.0.0.1:${port}/`,
  `https://user:pass@tienda.example.co/webhooks`,
  `https://127.0.0.1:${port}\\@tienda.example.co/`,
  `https://@127.0.0.1:${port}/`,
];
