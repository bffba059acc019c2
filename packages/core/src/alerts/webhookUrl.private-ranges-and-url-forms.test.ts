import { describe, expect, it } from 'vitest';
import { WEBHOOK_URL_MAX } from '../api/alerts.ts';
import { alertMessages } from './alertMessages.ts';
import { isPublicAddress, webhookUrlProblem } from './webhookUrl.ts';

const invalid = alertMessages.webhookInvalid;

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above
    '198.17.255.255', // just below benchmarking
    '198.20.0.0', // just above
    '223.255.255.255', // last unicast before multicast
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808', // NAT64 of a public address
    '2002:808:808::1', // 6to4 of a public address
    '[2606:4700:4700::1111]',
  ])('%s is public', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.99', 'TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback, bracketed'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf:ffff::1', 'link-local, end of fe80::/10'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local (deprecated)'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001::1', 'Teredo'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped 10.0.0.1, uncompressed'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['100::1', 'discard-only'],
  ])('%s is not public (%s)', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each([
    '',
    'localhost',
    'example.com',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '01.2.3.4x',
    '1::2::3',
    ':::',
    '1.2.3.4::',
  ])('refuses %j, which is no address it can judge', (ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe('webhookUrlProblem', () => {
  it.each([
    '',
    '   ',
    'https://hooks.example.com/tapeline',
    'http://example.com:8080/in?token=abc',
    'ftp://files.example.com/drop',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
  ])('accepts %j', (url) => expect(webhookUrlProblem(url)).toBeNull());

  it.each([
    ['not a url', 'not a URL'],
    ['example.com/hook', 'no scheme'],
    ['file:///etc/passwd', 'file scheme'],
    ['javascript:alert(1)', 'javascript scheme'],
    ['gopher://example.com/', 'gopher scheme'],
    ['ws://example.com/', 'websocket scheme'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'a user name'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.1/', 'short loopback'],
    ['http://2130706433/', 'decimal loopback'],
    ['http://0x7f.1/', 'hex loopback'],
    ['http://0177.0.0.1/', 'octal loopback'],
    ['http://0x7f000001/', 'hex loopback, one number'],
    ['http://%31%32%37.0.0.1/', 'percent-encoded loopback'],
    ['http://10.1.2.3/', 'private'],
    ['http://192.168.0.10:8080/', 'private with a port'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['http://100.64.1.1/', 'CGNAT'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[::]/', 'IPv6 unspecified'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
    ['http://[fe80::1]/', 'IPv6 link-local'],
    ['http://[fd00::1]/', 'IPv6 unique-local'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64 of metadata'],
    ['ftp://192.168.1.1/', 'private ftp'],
    ['http://localhost:3000/', 'localhost'],
    ['http://api.localhost/', 'a localhost subdomain'],
    ['http://LOCALHOST./', 'localhost, upper-case with a dot'],
  ])('refuses %j (%s) with the spec wording', (url) => {
    expect(webhookUrlProblem(url)).toBe(invalid);
  });

  it(`refuses a URL longer than ${WEBHOOK_URL_MAX} characters`, () => {
    const base = 'https://example.com/';
    expect(webhookUrlProblem(base + 'a'.repeat(WEBHOOK_URL_MAX - base.length))).toBeNull();
    expect(webhookUrlProblem(base + 'a'.repeat(WEBHOOK_URL_MAX - base.length + 1))).toBe(invalid);
  });

  it('lets private and loopback hosts through when private targets are allowed, nothing else', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4000/', { allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/', { allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem('http://[::1]/', { allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem('file:///etc/passwd', { allowPrivate: true })).toBe(invalid);
    expect(webhookUrlProblem('http://u:p@127.0.0.1/', { allowPrivate: true })).toBe(invalid);
  });
});
