import { describe, expect, it } from 'vitest';
import { checkedAddresses, isPublicAddress, webhookUrlProblem } from '../webhook-address.js';

describe('isPublicAddress', () => {
  it('should accept public unicast addresses only', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      // IPv4-compatible IPv6 (::/96), deprecated: loopback and public IPv4 alike (issue 29).
      '::7f00:1',
      '::127.0.0.1',
      '::5db8:d822',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it('should take https, and http only when allowed', () => {
    expect(webhookUrlProblem('https://a.example/x', { allowHttp: false })).toBeNull();
    expect(webhookUrlProblem('http://a.example/x', { allowHttp: false })).toBe('url: must be an https URL');
    expect(webhookUrlProblem('http://a.example/x', { allowHttp: true })).toBeNull();
    expect(webhookUrlProblem('file:///etc/passwd', { allowHttp: true })).toBe(
      'url: must be an http or https URL',
    );
  });

  it('should take only the ports allowed (issue 29)', () => {
    const usual = { allowHttp: true, ports: new Set([443, 80, 8443]) };
    for (const url of [
      'https://a.example/',
      'https://a.example:443/',
      'http://a.example:80/',
      'https://a.example:8443/',
    ])
      expect(webhookUrlProblem(url, usual), url).toBeNull();
    expect(webhookUrlProblem('https://a.example:25/', usual)).toBe(
      'url: port 25 is not allowed; use 443, 80 or 8443 (WEBHOOK_PORTS)',
    );
    expect(webhookUrlProblem('http://a.example:6379/', { allowHttp: true, ports: new Set([9000]) })).toBe(
      'url: port 6379 is not allowed; use 9000 (WEBHOOK_PORTS)',
    );
    expect(webhookUrlProblem('https://a.example:6379/', { allowHttp: true, ports: 'any' })).toBeNull();
  });
});

describe('checkedAddresses', () => {
  const lookup = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.1', family: 4 },
  ];
  it('should refuse a host when any of its addresses is private, unless private ones are allowed', async () => {
    await expect(
      checkedAddresses('mixed.example', { allowPrivate: false, allowHttp: false, ports: 'any', lookup }),
    ).rejects.toThrow('resolves to 10.0.0.1');
    await expect(
      checkedAddresses('mixed.example', { allowPrivate: true, allowHttp: false, ports: 'any', lookup }),
    ).resolves.toHaveLength(2);
  });
  it('should refuse a host that does not resolve', async () => {
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(
      checkedAddresses('nowhere.example', {
        allowPrivate: false,
        allowHttp: false,
        ports: 'any',
        lookup: failing,
      }),
    ).rejects.toThrow('could not be resolved');
  });
});
